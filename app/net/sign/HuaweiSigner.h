#pragma once
// Huawei Cloud SDK-HMAC-SHA256, as the official SDKs sign API Gateway requests
// (huaweicloud-sdk-go-v3 core/auth/signer): a canonical request of method, the path ending
// in '/', the sorted encoded query, every header given (lower-case, trimmed) and the body's
// SHA-256; the string to sign carries X-Sdk-Date; HMAC-SHA256 with the SK, no key derivation.

#include "net/sign/SignCommon.h"

namespace gpuplanner::net::sign {

// headers: every header that will be sent and signed, X-Sdk-Date (yyyyMMddTHHmmssZ) among them.
Signature huaweiSdkSign(const QByteArray &method, const QByteArray &path, const QList<Pair> &query,
                        const QList<Pair> &headers, const QByteArray &body, const QByteArray &ak, const QByteArray &sk);

} // namespace gpuplanner::net::sign
