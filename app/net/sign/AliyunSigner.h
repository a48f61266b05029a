#pragma once
// Alibaba Cloud request signatures, both published schemes (help.aliyun.com "Request
// signature" for RPC v1 and document 2593177 for V3):
//  - RPC v1 (HMAC-SHA1): the sorted, encoded query is signed as
//    "METHOD&%2F&" + encode(query) with key secret + "&"; the Base64 result is the Signature
//    parameter.
//  - V3 ACS3-HMAC-SHA256: a canonical request of method, "/", the sorted query, the host,
//    content-type and x-acs-* headers and the body's SHA-256; signed with the secret itself.

#include "net/sign/SignCommon.h"

namespace gpuplanner::net::sign {

// params: every request parameter except Signature (the common ones included).
Signature aliyunRpcSign(const QByteArray &method, const QList<Pair> &params, const QByteArray &accessKeySecret);

// headers: host, x-acs-action, x-acs-version, x-acs-date, x-acs-signature-nonce (and
// content-type with a body); x-acs-content-sha256 is computed here and must be sent too
// (aliyunContentSha256). Other headers are sent unsigned.
Signature aliyunAcs3Sign(const QByteArray &method, const QByteArray &path, const QList<Pair> &query,
                         const QList<Pair> &headers, const QByteArray &body, const QByteArray &accessKeyId,
                         const QByteArray &accessKeySecret);

} // namespace gpuplanner::net::sign
