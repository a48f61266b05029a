#pragma once
// HttpClient: the port through which price sources reach the network. gpuplanner_net
// implements it over libcurl (TLS verification always on); tests use a loopback server.

#include "core/common/Result.h"

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrl>

#include <atomic>
#include <functional>

namespace gpuplanner::core {

struct HttpRequest
{
    QUrl url;
    QByteArray method = QByteArrayLiteral("GET");
    QByteArray body;
    QList<QPair<QByteArray, QByteArray>> headers;
    // When set, a 2xx response whose Content-Type (without parameters) is not one of these
    // fails with an error naming both: an HTML error page is not a price list.
    QList<QByteArray> expectedContentTypes;
    // Use ETag / Last-Modified from the client's cache and reuse the cached body on 304.
    bool conditional = true;
    // A non-2xx answer (after the client's own retries) comes back as a response instead of an
    // error, for APIs whose error body names the cause (a signature mismatch, a rate limit).
    bool returnErrorResponses = false;
    // Streaming consumer: when set, body bytes are passed here instead of being kept in
    // HttpResponse::body (constant memory for huge files). Return false to abort.
    std::function<bool(const char *data, qsizetype size)> sink;
};

struct HttpResponse
{
    int status = 0;
    QByteArray body; // empty when a sink consumed it
    QByteArray contentType;
    QByteArray etag;
    QByteArray lastModified;
    bool fromCache = false; // a 304 answered from the cached body
    QUrl url;               // after redirects
};

// Bytes done and total (total 0 when unknown).
using TransferProgress = std::function<void(qint64 done, qint64 total)>;

class HttpClient
{
public:
    virtual ~HttpClient() = default;

    // Performs the request with the client's retries, timeouts and limits. Fails with an
    // error naming the URL for network faults, non-2xx statuses, oversized bodies and cancel.
    virtual Result<HttpResponse> send(const HttpRequest &request, const TransferProgress &progress = {},
                                      const std::atomic_bool *cancel = nullptr) = 0;
};

} // namespace gpuplanner::core
