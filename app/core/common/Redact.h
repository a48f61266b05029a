#pragma once
// Redact: the one place that keeps secrets (API keys, tokens, passwords in URLs) and huge
// values out of anything a person or a file sees: printed URLs, errors, logs, cache keys.

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrl>

namespace gpuplanner::core {

inline constexpr int kQuotedValueLimit = 80;

// True for query parameters that carry credentials (key, api_key, token, signature, ...).
bool isSecretQueryKey(const QString &name);
// True for request headers that carry credentials (Authorization, X-Api-Key, Cookie, ...).
bool isSecretHeader(const QByteArray &name);

// The URL without user info and with the values of secret query parameters replaced by
// "REDACTED"; the form to print, store, log or hash into a cache key.
QUrl redactedUrl(const QUrl &url);
QString redactUrl(const QUrl &url);

// Text with anything that looks like a credential removed: user:password@ in URLs, secret
// query parameter values, "Bearer ..." tokens, and each of the given secrets verbatim.
QString scrubSecrets(QString text, const QList<QByteArray> &secrets = {});

// A user's value for an error message: scrubbed, on one line, and cut to about limit
// characters with the length said ("'abc…' (1048576 characters)").
QString quoteValue(const QString &value, int limit = kQuotedValueLimit);

// The credentials a request carries: secret header values (and their token part), secret
// query values and the URL's password; for refusing plain http and scrubbing echoed bodies.
QList<QByteArray> requestSecrets(const QUrl &url, const QList<QPair<QByteArray, QByteArray>> &headers);

// True for 127.0.0.0/8, ::1 and localhost: the only hosts a credential may reach over http://.
bool isLoopbackHost(const QString &host);

} // namespace gpuplanner::core
