#include "net/sign/Tc3Signer.h"

#include <QDateTime>

namespace gpuplanner::net::sign {

Signature tc3Sign(const Tc3Request &request, const QByteArray &secretId, const QByteArray &secretKey)
{
    const CanonicalHeaders canonical = canonicalHeaders(request.signedHeaders, /*lowerCaseValues=*/true);
    const QByteArray date =
        QDateTime::fromSecsSinceEpoch(request.timestamp, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd")).toLatin1();
    const QByteArray scope = date + '/' + request.service + "/tc3_request";
    Signature s;
    s.canonicalRequest = request.method + "\n/\n" + request.query + '\n' + canonical.lines + '\n' + canonical.names + '\n'
        + sha256Hex(request.payload);
    s.stringToSign = "TC3-HMAC-SHA256\n" + QByteArray::number(request.timestamp) + '\n' + scope + '\n'
        + sha256Hex(s.canonicalRequest);
    const QByteArray kDate = hmacSha256("TC3" + secretKey, date);
    const QByteArray kService = hmacSha256(kDate, request.service);
    const QByteArray kSigning = hmacSha256(kService, "tc3_request");
    s.signature = hmacSha256(kSigning, s.stringToSign).toHex();
    s.authorization = "TC3-HMAC-SHA256 Credential=" + secretId + '/' + scope + ", SignedHeaders=" + canonical.names
        + ", Signature=" + s.signature;
    return s;
}

} // namespace gpuplanner::net::sign
