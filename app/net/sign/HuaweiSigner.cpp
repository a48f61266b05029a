#include "net/sign/HuaweiSigner.h"

namespace gpuplanner::net::sign {

namespace {

QByteArray canonicalUri(const QByteArray &path)
{
    QByteArray out;
    for (const QByteArray &segment : path.split('/')) {
        if (!out.isEmpty() || !segment.isEmpty())
            out += '/' + percentEncode(QByteArray::fromPercentEncoding(segment));
    }
    out.replace("//", "/");
    return out.endsWith('/') ? out : out + '/';
}

} // namespace

Signature huaweiSdkSign(const QByteArray &method, const QByteArray &path, const QList<Pair> &query,
                        const QList<Pair> &headers, const QByteArray &body, const QByteArray &ak, const QByteArray &sk)
{
    QList<Pair> signedHeaders;
    QByteArray date;
    for (const Pair &h : headers) {
        if (h.first.contains('_'))
            continue; // the SDK leaves names with '_' out, as proxies drop them
        signedHeaders.append(h);
        if (h.first.trimmed().toLower() == "x-sdk-date")
            date = h.second.trimmed();
    }
    const CanonicalHeaders canonical = canonicalHeaders(signedHeaders);
    Signature s;
    s.canonicalRequest = method + '\n' + canonicalUri(path) + '\n' + canonicalQuery(query) + '\n' + canonical.lines + '\n'
        + canonical.names + '\n' + sha256Hex(body);
    s.stringToSign = "SDK-HMAC-SHA256\n" + date + '\n' + sha256Hex(s.canonicalRequest);
    s.signature = hmacSha256(sk, s.stringToSign).toHex();
    s.authorization = "SDK-HMAC-SHA256 Access=" + ak + ", SignedHeaders=" + canonical.names + ", Signature=" + s.signature;
    return s;
}

} // namespace gpuplanner::net::sign
