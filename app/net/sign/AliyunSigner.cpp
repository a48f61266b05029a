#include "net/sign/AliyunSigner.h"

namespace gpuplanner::net::sign {

Signature aliyunRpcSign(const QByteArray &method, const QList<Pair> &params, const QByteArray &accessKeySecret)
{
    Signature s;
    s.stringToSign = method + '&' + percentEncode("/") + '&' + percentEncode(canonicalQuery(params));
    s.signature = hmacSha1(accessKeySecret + '&', s.stringToSign).toBase64();
    return s;
}

Signature aliyunAcs3Sign(const QByteArray &method, const QByteArray &path, const QList<Pair> &query,
                         const QList<Pair> &headers, const QByteArray &body, const QByteArray &accessKeyId,
                         const QByteArray &accessKeySecret)
{
    const QByteArray payloadHash = sha256Hex(body);
    QList<Pair> signedHeaders;
    for (const Pair &h : headers) {
        const QByteArray name = h.first.trimmed().toLower();
        if ((name == "host" || name == "content-type" || name.startsWith("x-acs-")) && name != "x-acs-content-sha256")
            signedHeaders.append(h);
    }
    signedHeaders.append({"x-acs-content-sha256", payloadHash});
    const CanonicalHeaders canonical = canonicalHeaders(signedHeaders);
    Signature s;
    s.canonicalRequest = method + '\n' + (path.isEmpty() ? QByteArray("/") : path) + '\n' + canonicalQuery(query) + '\n'
        + canonical.lines + '\n' + canonical.names + '\n' + payloadHash;
    s.stringToSign = "ACS3-HMAC-SHA256\n" + sha256Hex(s.canonicalRequest);
    s.signature = hmacSha256(accessKeySecret, s.stringToSign).toHex();
    s.authorization = "ACS3-HMAC-SHA256 Credential=" + accessKeyId + ",SignedHeaders=" + canonical.names
        + ",Signature=" + s.signature;
    return s;
}

} // namespace gpuplanner::net::sign
