#pragma once
// Tencent Cloud TC3-HMAC-SHA256 (cloud.tencent.com/document/api/1427/56189): a canonical
// request of method, "/", the query as sent, the signed headers (lower-case names and values)
// and the payload's SHA-256; the key derived from "TC3" + SecretKey through the UTC date, the
// service and "tc3_request".

#include "net/sign/SignCommon.h"

namespace gpuplanner::net::sign {

struct Tc3Request
{
    QByteArray method = "POST";
    QByteArray service;        // "cvm"
    QByteArray query;          // already encoded as sent; empty for POST
    QList<Pair> signedHeaders; // at least content-type and host
    QByteArray payload;
    qint64 timestamp = 0;      // Unix seconds; X-TC-Timestamp
};

Signature tc3Sign(const Tc3Request &request, const QByteArray &secretId, const QByteArray &secretKey);

} // namespace gpuplanner::net::sign
