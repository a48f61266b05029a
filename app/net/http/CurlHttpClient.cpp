#include "net/http/CurlHttpClient.h"

#include "net/http/HttpCache.h"
#include "core/io/SafeFileWriter.h"

#include "core/common/Redact.h"

#include <QFile>
#include <QLocale>
#include <QTimeZone>
#include <QRandomGenerator>

#include <curl/curl.h>

#include <algorithm>
#include <thread>

namespace gpuplanner::net {

using core::Error;
using core::HttpRequest;
using core::HttpResponse;
using core::Result;

struct CurlHttpClient::Attempt
{
    CURLcode code = CURLE_OK;
    QString curlError;
    int status = 0;
    QByteArray body;
    QByteArray contentType;
    QByteArray etag;
    QByteArray lastModified;
    QByteArray retryAfter;
    QUrl effectiveUrl;
    qint64 deliveredToSink = 0;
    bool cancelled = false;
    bool tooLarge = false;
    bool sinkStopped = false;
    bool wrongContentType = false;
    bool bomb = false; // decompressed far beyond what came over the wire
};

namespace {

struct Transfer
{
    const HttpRequest *request = nullptr;
    CURL *curl = nullptr;
    qint64 maxBody = 0;
    qint64 maxStream = 0;
    qint64 decoded = 0; // body bytes after decompression, sink or memory
    const core::TransferProgress *progress = nullptr;
    const std::atomic_bool *cancel = nullptr;
    core::SafeFileWriter *cacheFile = nullptr;
    void *attempt = nullptr;
};

// Grows a body kept in memory by doubling, but never past the limit: the default growth of a
// QByteArray just under a 256 MiB limit would reserve (and, as realloc copies, touch) 512 MiB.
void appendWithinLimit(QByteArray &body, const char *data, qsizetype bytes, qint64 limit)
{
    const qsizetype needed = body.size() + bytes;
    if (needed > body.capacity()) {
        qsizetype grown = qMax<qsizetype>(needed, qMax<qsizetype>(body.capacity() * 2, 64 * 1024));
        if (limit > 0)
            grown = qMin<qsizetype>(grown, qMax<qsizetype>(needed, qsizetype(limit)));
        body.reserve(grown);
    }
    body.append(data, bytes);
}

bool isSuccess(int status)
{
    return status >= 200 && status < 300;
}

// gzip reaches ~1000:1 only on degenerate input; real price lists compress 5-30x.
constexpr double kMaxExpansionRatio = 200.0;
constexpr qint64 kExpansionCheckFrom = qint64(16) * 1024 * 1024;

bool looksLikeBomb(CURL *curl, qint64 decoded)
{
    if (decoded < kExpansionCheckFrom)
        return false;
    curl_off_t wire = 0;
    curl_easy_getinfo(curl, CURLINFO_SIZE_DOWNLOAD_T, &wire);
    return wire > 0 && double(decoded) / double(wire) > kMaxExpansionRatio;
}

QByteArray mediaType(const QByteArray &contentType)
{
    const qsizetype semicolon = contentType.indexOf(';');
    return (semicolon < 0 ? contentType : contentType.left(semicolon)).trimmed().toLower();
}

bool isRetryableCurlError(CURLcode code)
{
    switch (code) {
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_CONNECT:
    case CURLE_OPERATION_TIMEDOUT:
    case CURLE_PARTIAL_FILE:
    case CURLE_GOT_NOTHING:
    case CURLE_SEND_ERROR:
    case CURLE_RECV_ERROR:
    case CURLE_HTTP2:
    case CURLE_HTTP2_STREAM: return true;
    default: return false; // TLS verification failures and the like never get better
    }
}

bool isRetryableStatus(int status)
{
    return status == 429 || status == 500 || status == 502 || status == 503 || status == 504;
}

} // namespace

int parseRetryAfter(const QByteArray &value, const QDateTime &now)
{
    const QByteArray trimmed = value.trimmed();
    if (trimmed.isEmpty())
        return -1;
    bool ok = false;
    const int seconds = trimmed.toInt(&ok);
    if (ok)
        return seconds >= 0 ? seconds : -1;
    // HTTP-date (RFC 9110 IMF-fixdate), always in GMT.
    QDateTime when = QLocale::c().toDateTime(QString::fromLatin1(trimmed), QStringLiteral("ddd, dd MMM yyyy hh:mm:ss 'GMT'"));
    when.setTimeZone(QTimeZone::utc());
    if (!when.isValid())
        return -1;
    return int(std::max<qint64>(0, now.secsTo(when)));
}

CurlGlobal::CurlGlobal()
{
    curl_global_init(CURL_GLOBAL_DEFAULT);
}

CurlGlobal::~CurlGlobal()
{
    curl_global_cleanup();
}

CurlHttpClient::CurlHttpClient(HttpClientOptions options) : m_options(std::move(options))
{
    if (m_options.userAgent.isEmpty())
        m_options.userAgent = QStringLiteral("gpu-planner/%1 (+libcurl)").arg(QStringLiteral(GPUPLANNER_VERSION));
    m_sleep = [](std::chrono::milliseconds d) { std::this_thread::sleep_for(d); };
}

void CurlHttpClient::waitForHost(const QString &host)
{
    std::chrono::steady_clock::time_point slot;
    {
        const std::lock_guard lock(m_hostMutex);
        const auto now = std::chrono::steady_clock::now();
        slot = std::max(now, m_nextSlot.value(host, now));
        m_nextSlot.insert(host, slot + std::chrono::milliseconds(m_options.minHostIntervalMs));
    }
    const auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(slot - std::chrono::steady_clock::now());
    if (wait.count() > 0)
        m_sleep(wait);
}

std::chrono::milliseconds CurlHttpClient::backoff(int attempt) const
{
    // Exponential with "full jitter": uniform in [base*2^(n-1)/2, base*2^(n-1)].
    const qint64 ceiling = std::min<qint64>(qint64(m_options.baseBackoffMs) << std::min(attempt - 1, 20),
                                            m_options.maxBackoffMs);
    const qint64 floor = ceiling / 2;
    const qint64 jitter = ceiling > floor ? QRandomGenerator::global()->bounded(ceiling - floor + 1) : 0;
    return std::chrono::milliseconds(floor + jitter);
}

CurlHttpClient::Attempt CurlHttpClient::perform(const HttpRequest &request, const QByteArray &etag,
                                               const QByteArray &lastModified, const core::TransferProgress &progress,
                                               const std::atomic_bool *cancel)
{
    Attempt a;
    CURL *curl = curl_easy_init();
    if (!curl) {
        a.code = CURLE_FAILED_INIT;
        a.curlError = QStringLiteral("cannot create a libcurl handle");
        return a;
    }
    HttpCache cache(m_options.cacheDir);
    std::unique_ptr<core::SafeFileWriter> cacheFile;
    if (request.sink && request.conditional && cache.enabled() && request.method == "GET") {
        cacheFile = std::make_unique<core::SafeFileWriter>(cache.bodyPath(request.url));
        if (!cache.prepareDirectory() || !cacheFile->open())
            cacheFile.reset();
    }

    Transfer t;
    t.request = &request;
    t.curl = curl;
    t.maxBody = m_options.maxBodyBytes;
    t.maxStream = m_options.maxStreamBytes;
    t.progress = &progress;
    t.cancel = cancel;
    t.cacheFile = cacheFile.get();
    t.attempt = &a;

    const QByteArray url = request.url.toEncoded();
    const QByteArray userAgent = m_options.userAgent.toUtf8();
    const QByteArray caBundle = m_options.caBundle.toUtf8();
    const QByteArray proxy = m_options.proxy.toUtf8();
    char errorBuffer[CURL_ERROR_SIZE] = {};

    curl_easy_setopt(curl, CURLOPT_URL, url.constData());
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, errorBuffer);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(curl, CURLOPT_MAXREDIRS, 5L);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 1L);
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 2L);
    if (!caBundle.isEmpty())
        curl_easy_setopt(curl, CURLOPT_CAINFO, caBundle.constData());
    if (!proxy.isEmpty())
        curl_easy_setopt(curl, CURLOPT_PROXY, proxy.constData());
    curl_easy_setopt(curl, CURLOPT_USERAGENT, userAgent.constData());
    curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, ""); // every encoding libcurl supports: gzip, deflate, br
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, long(m_options.connectTimeoutMs));
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, long(m_options.totalTimeoutMs));
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_LIMIT, long(m_options.lowSpeedBytesPerSecond));
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_TIME, long(m_options.lowSpeedSeconds));
    if (const qint64 limit = request.sink ? m_options.maxStreamBytes : m_options.maxBodyBytes; limit > 0)
        curl_easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limit));

    if (request.method != "GET") {
        curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, request.method.constData());
        if (!request.body.isEmpty() || request.method == "POST") {
            curl_easy_setopt(curl, CURLOPT_POSTFIELDS, request.body.constData());
            curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body.size()));
        }
    }

    curl_slist *headers = nullptr;
    QList<QByteArray> headerLines;
    for (const auto &[name, value] : request.headers)
        headerLines.append(name + ": " + value);
    if (!etag.isEmpty())
        headerLines.append("If-None-Match: " + etag);
    if (!lastModified.isEmpty())
        headerLines.append("If-Modified-Since: " + lastModified);
    for (const QByteArray &line : headerLines)
        headers = curl_slist_append(headers, line.constData());
    if (headers)
        curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);

    auto headerCallback = +[](char *data, size_t size, size_t count, void *user) -> size_t {
        auto *t = static_cast<Transfer *>(user);
        auto *a = static_cast<Attempt *>(t->attempt);
        const QByteArray line = QByteArray(data, qsizetype(size * count)).trimmed();
        if (line.startsWith("HTTP/")) {
            // A new response (redirect, 100-continue): forget the previous one's headers.
            a->contentType.clear();
            a->etag.clear();
            a->lastModified.clear();
            a->retryAfter.clear();
            return size * count;
        }
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            return size * count;
        const QByteArray name = line.left(colon).trimmed().toLower();
        const QByteArray value = line.mid(colon + 1).trimmed();
        if (name == "content-type")
            a->contentType = value;
        else if (name == "etag")
            a->etag = value;
        else if (name == "last-modified")
            a->lastModified = value;
        else if (name == "retry-after")
            a->retryAfter = value;
        return size * count;
    };
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, headerCallback);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, &t);

    auto writeCallback = +[](char *data, size_t size, size_t count, void *user) -> size_t {
        auto *t = static_cast<Transfer *>(user);
        auto *a = static_cast<Attempt *>(t->attempt);
        const qsizetype bytes = qsizetype(size * count);
        long status = 0;
        curl_easy_getinfo(t->curl, CURLINFO_RESPONSE_CODE, &status);
        const bool success = isSuccess(int(status));
        if (success && !t->request->expectedContentTypes.isEmpty()
            && !t->request->expectedContentTypes.contains(mediaType(a->contentType))) {
            a->wrongContentType = true;
            return 0;
        }
        // Limits apply to the decompressed bytes as they arrive, not after the fact.
        t->decoded += bytes;
        if (success && looksLikeBomb(t->curl, t->decoded)) {
            a->bomb = true;
            return 0;
        }
        if (success && t->request->sink) {
            if (t->maxStream > 0 && t->decoded > t->maxStream) {
                a->tooLarge = true;
                return 0;
            }
            if (t->cacheFile)
                (void)t->cacheFile->write(QByteArrayView(data, qsizetype(bytes)));
            if (!t->request->sink(data, bytes)) {
                a->sinkStopped = true;
                return 0;
            }
            a->deliveredToSink += bytes;
            return size * count;
        }
        if (t->maxBody > 0 && a->body.size() + bytes > t->maxBody) {
            a->tooLarge = true;
            return 0;
        }
        appendWithinLimit(a->body, data, bytes, t->maxBody);
        return size * count;
    };
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, writeCallback);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &t);

    auto progressCallback = +[](void *user, curl_off_t dlTotal, curl_off_t dlNow, curl_off_t, curl_off_t) -> int {
        auto *t = static_cast<Transfer *>(user);
        if (t->cancel && t->cancel->load()) {
            static_cast<Attempt *>(t->attempt)->cancelled = true;
            return 1; // aborts the transfer with CURLE_ABORTED_BY_CALLBACK
        }
        if (*t->progress)
            (*t->progress)(qint64(dlNow), qint64(dlTotal));
        return 0;
    };
    curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, progressCallback);
    curl_easy_setopt(curl, CURLOPT_XFERINFODATA, &t);
    curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);

    a.code = curl_easy_perform(curl);
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    a.status = int(status);
    char *effective = nullptr;
    curl_easy_getinfo(curl, CURLINFO_EFFECTIVE_URL, &effective);
    a.effectiveUrl = effective ? QUrl::fromEncoded(QByteArray(effective)) : request.url;
    if (a.code != CURLE_OK)
        a.curlError = errorBuffer[0] ? QString::fromUtf8(errorBuffer) : QString::fromUtf8(curl_easy_strerror(a.code));
    if (a.code == CURLE_FILESIZE_EXCEEDED)
        a.tooLarge = true;

    if (cacheFile) {
        if (a.code == CURLE_OK && isSuccess(a.status) && (!a.etag.isEmpty() || !a.lastModified.isEmpty())
            && cacheFile->commit()) {
            cache.storeHeaders(request.url, a.etag, a.lastModified);
        } else {
            cacheFile->cancel();
        }
    }
    curl_slist_free_all(headers);
    curl_easy_cleanup(curl);
    return a;
}

Result<HttpResponse> CurlHttpClient::send(const HttpRequest &request, const core::TransferProgress &progress,
                                          const std::atomic_bool *cancel)
{
    const QString where = request.url.toDisplayString(QUrl::RemoveUserInfo | QUrl::RemoveQuery);
    const QList<QByteArray> secrets = core::requestSecrets(request.url, request.headers);
    if (!secrets.isEmpty() && request.url.scheme() == u"http" && !core::isLoopbackHost(request.url.host())) {
        return Error{QStringLiteral("%1: refusing to send an API key or password over plain http:// to a host "
                                    "other than this machine; use https://")
                         .arg(where)};
    }
    const HttpCache cache(m_options.cacheDir);
    const bool conditional = request.conditional && request.method == "GET" && cache.enabled();
    const std::optional<CachedEntry> cached = conditional ? cache.lookup(request.url) : std::nullopt;

    for (int attempt = 1;; ++attempt) {
        if (cancel && cancel->load())
            return Error{QStringLiteral("%1: cancelled").arg(where)};
        waitForHost(request.url.host());
        Attempt a = perform(request, cached ? cached->etag : QByteArray(), cached ? cached->lastModified : QByteArray(),
                            progress, cancel);
        const bool canRetry = attempt < m_options.maxAttempts && a.deliveredToSink == 0;

        if (a.cancelled)
            return Error{QStringLiteral("%1: cancelled").arg(where)};
        if (a.tooLarge) {
            return Error{QStringLiteral("%1: response larger than the %2-byte limit")
                             .arg(where)
                             .arg(request.sink ? m_options.maxStreamBytes : m_options.maxBodyBytes)};
        }
        if (a.bomb) {
            return Error{QStringLiteral("%1: the response decompresses to over %2 times its transferred size; "
                                        "refused as a decompression bomb")
                             .arg(where)
                             .arg(kMaxExpansionRatio)};
        }
        if (a.wrongContentType) {
            return Error{QStringLiteral("%1: unexpected content type '%2' (expected %3)")
                             .arg(where, QString::fromLatin1(a.contentType),
                                  QString::fromLatin1(request.expectedContentTypes.join(", ")))};
        }
        if (a.sinkStopped)
            return Error{QStringLiteral("%1: the response could not be read (parsing stopped)").arg(where)};
        if (a.code != CURLE_OK) {
            if (canRetry && isRetryableCurlError(a.code)) {
                m_sleep(backoff(attempt));
                continue;
            }
            return Error{QStringLiteral("%1: %2 (after %3 attempt%4)")
                             .arg(where, core::scrubSecrets(a.curlError, secrets))
                             .arg(attempt)
                             .arg(attempt == 1 ? QString() : QStringLiteral("s"))};
        }
        if (a.status == 304 && cached) {
            QFile body(cached->bodyPath);
            if (!body.open(QIODevice::ReadOnly))
                return Error{QStringLiteral("%1: 304 Not Modified but the cached body is unreadable").arg(where)};
            HttpResponse response;
            response.status = 200;
            response.fromCache = true;
            response.etag = cached->etag;
            response.lastModified = cached->lastModified;
            response.url = a.effectiveUrl;
            if (request.sink) {
                while (!body.atEnd()) {
                    const QByteArray chunk = body.read(1 << 20);
                    if (!request.sink(chunk.constData(), chunk.size()))
                        return Error{QStringLiteral("%1: the cached response could not be read").arg(where)};
                }
            } else {
                // A body cached from a streamed request can be far larger than one kept in memory.
                if (m_options.maxBodyBytes > 0 && body.size() > m_options.maxBodyBytes) {
                    return Error{QStringLiteral("%1: the cached response is larger than the %2-byte limit")
                                     .arg(where)
                                     .arg(m_options.maxBodyBytes)};
                }
                response.body = body.readAll();
            }
            return response;
        }
        const bool lastTry = !(canRetry && isRetryableStatus(a.status));
        if (isSuccess(a.status) || (request.returnErrorResponses && lastTry)) {
            HttpResponse response;
            response.status = a.status;
            response.body = std::move(a.body);
            response.contentType = a.contentType;
            response.etag = a.etag;
            response.lastModified = a.lastModified;
            response.url = a.effectiveUrl;
            if (conditional && !request.sink && isSuccess(a.status))
                cache.store(request.url, a.etag, a.lastModified, response.body);
            return response;
        }
        if (canRetry && isRetryableStatus(a.status)) {
            std::chrono::milliseconds wait = backoff(attempt);
            if (a.status == 429 || a.status == 503) {
                const int seconds = parseRetryAfter(a.retryAfter, QDateTime::currentDateTimeUtc());
                if (seconds >= 0)
                    wait = std::chrono::milliseconds(std::min<qint64>(qint64(seconds) * 1000, m_options.maxBackoffMs));
            }
            m_sleep(wait);
            continue;
        }
        // A server may echo the request, key and all: scrub what was sent, then cut it short.
        const QString snippet = core::quoteValue(core::scrubSecrets(QString::fromUtf8(a.body.left(4096)), secrets).simplified(), 160);
        return Error{QStringLiteral("%1: HTTP %2%3").arg(where).arg(a.status).arg(a.body.trimmed().isEmpty() ? QString() : QStringLiteral(": ") + snippet)};
    }
}

} // namespace gpuplanner::net
