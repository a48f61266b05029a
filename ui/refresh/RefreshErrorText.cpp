#include "ui/refresh/RefreshErrorText.h"

#include <QCoreApplication>
#include <QRegularExpression>

class RefreshErrorText
{
    Q_DECLARE_TR_FUNCTIONS(RefreshErrorText)
};

namespace gpuplanner::ui {

namespace {

bool has(const QString &text, const char *pattern)
{
    return QRegularExpression(QString::fromLatin1(pattern), QRegularExpression::CaseInsensitiveOption).match(text).hasMatch();
}

} // namespace

QString refreshFailureKind(const QString &error)
{
    // The most specific first: a key that is missing, then refused, then the network's failures.
    if (has(error, R"(no [\w ]*API key configured|API key missing|credentials|SECRET_ID|ACCESS_KEY)"))
        return RefreshErrorText::tr("no API key for this provider: add it in Settings ▸ API keys");
    if (has(error, R"(HTTP 40[13]\b)"))
        return RefreshErrorText::tr("the provider refused the API key: check it in Settings ▸ API keys");
    if (has(error, R"(HTTP 429\b)"))
        return RefreshErrorText::tr("the provider is limiting requests: try again later");
    if (has(error, R"(HTTP 404\b)"))
        return RefreshErrorText::tr("the provider has no price list at that address");
    if (has(error, R"(HTTP 5\d\d\b)"))
        return RefreshErrorText::tr("the provider's server failed: try again later");
    if (has(error, R"(resolve host|resolve proxy)"))
        return RefreshErrorText::tr("the provider's address could not be found: check the network connection");
    if (has(error, R"(timed out|timeout)"))
        return RefreshErrorText::tr("the connection timed out: check the network connection or try again");
    if (has(error, R"(SSL|certificate|TLS)"))
        return RefreshErrorText::tr("the secure connection failed (the server's certificate was not accepted)");
    if (has(error, R"(connect|connection refused|reset by peer)"))
        return RefreshErrorText::tr("the provider could not be reached: check the network connection");
    if (has(error, R"(clock)"))
        return RefreshErrorText::tr("the provider refused this computer's time: check the clock");
    if (has(error, R"(larger than the|decompresses to over)"))
        return RefreshErrorText::tr("the provider's answer is larger than the limit");
    if (has(error, R"(not valid JSON|could not be read|unexpected content type|missing|expected)"))
        return RefreshErrorText::tr("the provider's answer could not be read: its format may have changed");
    return {};
}

QString refreshFailureInWords(const QString &error)
{
    const QString kind = refreshFailureKind(error);
    return kind.isEmpty() ? error : RefreshErrorText::tr("%1 (%2)").arg(kind, error);
}

} // namespace gpuplanner::ui
