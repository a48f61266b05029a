#include "net/sign/SignCommon.h"

#include <QCryptographicHash>
#include <QMessageAuthenticationCode>

#include <algorithm>

namespace gpuplanner::net::sign {

QByteArray percentEncode(const QByteArray &utf8)
{
    return utf8.toPercentEncoding("-_.~");
}

QByteArray canonicalQuery(QList<Pair> pairs)
{
    for (Pair &p : pairs)
        p = {percentEncode(p.first), percentEncode(p.second)};
    std::sort(pairs.begin(), pairs.end());
    QByteArray out;
    for (const Pair &p : std::as_const(pairs)) {
        if (!out.isEmpty())
            out += '&';
        out += p.first + '=' + p.second;
    }
    return out;
}

QByteArray sha256Hex(const QByteArray &data)
{
    return QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex();
}

QByteArray hmacSha256(const QByteArray &key, const QByteArray &message)
{
    return QMessageAuthenticationCode::hash(message, key, QCryptographicHash::Sha256);
}

QByteArray hmacSha1(const QByteArray &key, const QByteArray &message)
{
    return QMessageAuthenticationCode::hash(message, key, QCryptographicHash::Sha1);
}

CanonicalHeaders canonicalHeaders(const QList<Pair> &headers, bool lowerCaseValues)
{
    QList<Pair> normal;
    for (const Pair &h : headers) {
        const QByteArray value = h.second.trimmed();
        normal.append({h.first.trimmed().toLower(), lowerCaseValues ? value.toLower() : value});
    }
    std::sort(normal.begin(), normal.end());
    CanonicalHeaders out;
    for (const Pair &h : std::as_const(normal)) {
        out.lines += h.first + ':' + h.second + '\n';
        if (!out.names.isEmpty())
            out.names += ';';
        out.names += h.first;
    }
    return out;
}

} // namespace gpuplanner::net::sign
