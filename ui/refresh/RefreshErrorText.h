#pragma once
// RefreshErrorText: what went wrong in a provider's refresh, in the interface's language. The
// net layer's messages are technical English (an HTTP status, libcurl's words, a URL) and stay
// as the detail; this names the kind of failure and what the user can do, so a person reading
// Chinese knows what happened without reading the detail.

#include <QString>

namespace gpuplanner::ui {

// "the provider refused the API key", "the connection timed out", ...; empty when the message
// is of no kind it knows (the detail is then shown alone).
QString refreshFailureKind(const QString &error);

// "the connection timed out: … (the detail)", or the detail alone when its kind is unknown.
QString refreshFailureInWords(const QString &error);

} // namespace gpuplanner::ui
