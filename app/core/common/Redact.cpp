#include "core/common/Redact.h"

#include <QRegularExpression>
#include <QUrlQuery>

namespace gpuplanner::core {

namespace {

const QString kRedacted = QStringLiteral("REDACTED");

// The secret in any of the forms a server may echo it: as sent, JSON-escaped character by
// character (\u0061 or \/), percent-encoded, or any mix of these.
QRegularExpression anyEncodingOf(const QString &secret)
{
    QString pattern;
    for (const QChar c : secret) {
        const QString hex = QStringLiteral("%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
        QStringList forms{QRegularExpression::escape(QString(c)), QStringLiteral("\\\\u") + hex};
        if (c.unicode() < 0x80)
            forms.append(QStringLiteral("%") + hex.right(2));
        if (c == u'/')
            forms.append(QStringLiteral("\\\\/"));
        pattern += QStringLiteral("(?:%1)").arg(forms.join(u'|'));
    }
    return QRegularExpression(pattern, QRegularExpression::CaseInsensitiveOption);
}

// The key ids in a signed Authorization value: "Credential=AKID/scope" (AWS, Tencent TC3),
// "Credential=AKID," (Alibaba ACS3), "Access=AK," (Huawei), "acs AKID:signature" (Alibaba v1).
QList<QByteArray> keyIdsIn(const QByteArray &authorization)
{
    static const QRegularExpression ids(QStringLiteral("(?:Credential|Access)=([^/,\\s]+)|^acs\\s+([^:\\s]+):"),
                                        QRegularExpression::CaseInsensitiveOption);
    QList<QByteArray> out;
    for (auto it = ids.globalMatch(QString::fromLatin1(authorization)); it.hasNext();) {
        const auto m = it.next();
        const QString id = m.captured(1).isEmpty() ? m.captured(2) : m.captured(1);
        if (!id.isEmpty())
            out.append(id.toLatin1());
    }
    return out;
}

} // namespace

bool isSecretQueryKey(const QString &name)
{
    static const QRegularExpression secret(
        QStringLiteral("^(key|api[-_]?key|apikey|access[-_]?key|access[-_]?key[-_]?id|secret[-_]?id|secret|.*[-_]secret|token|access[-_]?token|auth|"
                       "password|passwd|pwd|signature|sig|x-amz-signature|x-amz-credential|x-amz-security-token|"
                       "credential|client[-_]?secret)$"),
        QRegularExpression::CaseInsensitiveOption);
    return secret.match(name).hasMatch();
}

bool isSecretHeader(const QByteArray &name)
{
    const QByteArray n = name.trimmed().toLower();
    return n == "authorization" || n == "proxy-authorization" || n == "cookie" || n == "x-api-key"
        || n == "api-key" || n == "x-auth-token" || n.endsWith("-token") || n.endsWith("-secret")
        || n.endsWith("-api-key");
}

QUrl redactedUrl(const QUrl &url)
{
    QUrl clean = url;
    clean.setUserInfo(QString());
    if (clean.hasQuery()) {
        QUrlQuery query(clean);
        const auto items = query.queryItems(QUrl::FullyEncoded);
        QUrlQuery redacted;
        for (const auto &[name, value] : items)
            redacted.addQueryItem(name, isSecretQueryKey(QUrl::fromPercentEncoding(name.toUtf8())) ? kRedacted : value);
        clean.setQuery(redacted);
    }
    return clean;
}

QString redactUrl(const QUrl &url)
{
    return redactedUrl(url).toDisplayString();
}

QString scrubSecrets(QString text, const QList<QByteArray> &secrets)
{
    for (const QByteArray &secret : secrets) {
        if (secret.size() >= 4) {
            text.replace(QString::fromUtf8(secret), kRedacted);
            text.replace(QString::fromLatin1(QUrl::toPercentEncoding(QString::fromUtf8(secret))), kRedacted);
            if (text.contains(u'\\') || text.contains(u'%'))
                text.replace(anyEncodingOf(QString::fromUtf8(secret)), kRedacted);
        }
    }
    // scheme://user:password@host -> scheme://host
    static const QRegularExpression userInfo(QStringLiteral("([A-Za-z][A-Za-z0-9+.-]*://)[^/@\\s'\"]*@"));
    text.replace(userInfo, QStringLiteral("\\1"));
    // key=value pairs whose name says they are secret, in URLs or in text
    static const QRegularExpression pair(QStringLiteral("([A-Za-z0-9_.-]+)=([^&\\s'\"]+)"));
    QString out;
    qsizetype last = 0;
    for (auto it = pair.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        if (!isSecretQueryKey(m.captured(1)))
            continue;
        out += QStringView(text).mid(last, m.capturedStart(2) - last);
        out += kRedacted;
        last = m.capturedEnd(2);
    }
    out += QStringView(text).mid(last);
    static const QRegularExpression bearer(QStringLiteral("\\b(Bearer|Basic)\\s+[A-Za-z0-9._~+/=-]{8,}"),
                                           QRegularExpression::CaseInsensitiveOption);
    out.replace(bearer, QStringLiteral("\\1 ") + kRedacted);
    return out;
}

QString quoteValue(const QString &value, int limit)
{
    QString clean = scrubSecrets(value);
    for (QChar &c : clean) {
        if (c.category() == QChar::Other_Control)
            c = u' ';
    }
    if (clean.size() <= limit)
        return QStringLiteral("'%1'").arg(clean);
    return QStringLiteral("'%1…' (%2 characters)").arg(clean.left(limit)).arg(value.size());
}

QList<QByteArray> requestSecrets(const QUrl &url, const QList<QPair<QByteArray, QByteArray>> &headers)
{
    QList<QByteArray> secrets;
    if (!url.password().isEmpty())
        secrets.append(url.password().toUtf8());
    if (url.hasQuery()) {
        const QUrlQuery query(url);
        for (const auto &[name, value] : query.queryItems(QUrl::FullyDecoded)) {
            if (isSecretQueryKey(name) && !value.isEmpty())
                secrets.append(value.toUtf8());
        }
    }
    for (const auto &[name, value] : headers) {
        if (!isSecretHeader(name) || value.trimmed().isEmpty())
            continue;
        const QByteArray v = value.trimmed();
        secrets.append(v);
        // A signed request's key id is not the secret key, but it names the account: kept out too.
        secrets.append(keyIdsIn(v));
        // "Bearer abc": the token alone is what a server would echo.
        if (const qsizetype space = v.indexOf(' '); space > 0)
            secrets.append(v.mid(space + 1).trimmed());
    }
    return secrets;
}

bool isLoopbackHost(const QString &host)
{
    if (host.compare(QStringLiteral("localhost"), Qt::CaseInsensitive) == 0 || host == u"::1" || host == u"[::1]")
        return true;
    static const QRegularExpression v4(QStringLiteral("^127\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})$"));
    const auto m = v4.match(host);
    if (!m.hasMatch())
        return false;
    for (int i = 1; i <= 3; ++i) {
        if (m.captured(i).toInt() > 255)
            return false;
    }
    return true;
}

} // namespace gpuplanner::core
