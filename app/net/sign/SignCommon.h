#pragma once
// Pieces the request-signing schemes of the Chinese clouds share: RFC 3986 percent-encoding,
// SHA-256 and HMAC from Qt's maintained implementations (QCryptographicHash,
// QMessageAuthenticationCode), and one result type that keeps every stage of a signature so
// that tests can compare each with the provider's published example.

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

namespace gpuplanner::net::sign {

using Pair = QPair<QByteArray, QByteArray>; // a query parameter or header, as UTF-8 bytes

struct Signature
{
    QByteArray canonicalRequest; // empty for Alibaba's RPC v1, which signs the query string
    QByteArray stringToSign;
    QByteArray signature;        // hex or Base64, as the scheme writes it
    QByteArray authorization;    // the Authorization header value; empty for RPC v1
};

// Leaves A-Z a-z 0-9 - _ . ~ as they are; everything else becomes %XY (upper-case hex), a space %20.
QByteArray percentEncode(const QByteArray &utf8);
// name=value pairs encoded, sorted by encoded name (then value) and joined with '&'.
QByteArray canonicalQuery(QList<Pair> pairs);

QByteArray sha256Hex(const QByteArray &data);
QByteArray hmacSha256(const QByteArray &key, const QByteArray &message);
QByteArray hmacSha1(const QByteArray &key, const QByteArray &message);

// Headers as a scheme's canonical form wants them: lower-case names, trimmed values, sorted;
// `lines` is "name:value\n" per header and `names` the names joined with ';'.
struct CanonicalHeaders
{
    QByteArray lines;
    QByteArray names;
};
CanonicalHeaders canonicalHeaders(const QList<Pair> &headers, bool lowerCaseValues = false);

} // namespace gpuplanner::net::sign
