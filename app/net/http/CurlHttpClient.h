#pragma once
// CurlHttpClient: core::HttpClient over libcurl. TLS verification is always on (a custom
// CA bundle may be set); retries with exponential backoff and jitter honour Retry-After;
// conditional requests reuse a cached body on 304; bodies are size-limited; a per-host
// rate limit spaces requests. Thread-safe: one easy handle per request.
// curl_global_init must have been called once (see CurlGlobal).

#include "core/refresh/HttpClient.h"

#include <QDateTime>
#include <QHash>
#include <QString>

#include <chrono>
#include <functional>
#include <mutex>

namespace gpuplanner::net {

struct HttpClientOptions
{
    QString caBundle;       // empty = the system store
    QString proxy;          // empty = from the environment (http_proxy, https_proxy, no_proxy)
    int connectTimeoutMs = 15000;
    int totalTimeoutMs = 600000;
    int lowSpeedBytesPerSecond = 64;  // below this for lowSpeedSeconds = stalled
    int lowSpeedSeconds = 30;
    int maxAttempts = 4;
    int baseBackoffMs = 500;
    int maxBackoffMs = 60000;
    qint64 maxBodyBytes = qint64(256) * 1024 * 1024;         // a body kept in memory (pages, CSVs)
    qint64 maxStreamBytes = qint64(16) * 1024 * 1024 * 1024; // a body streamed to a sink (AWS bulk files)
    int minHostIntervalMs = 100;
    QString cacheDir;       // conditional-request cache; empty = no cache
    QString userAgent;      // empty = "gpu-planner/<version>"
};

class CurlHttpClient : public core::HttpClient
{
public:
    explicit CurlHttpClient(HttpClientOptions options = {});

    core::Result<core::HttpResponse> send(const core::HttpRequest &request,
                                          const core::TransferProgress &progress = {},
                                          const std::atomic_bool *cancel = nullptr) override;

    const HttpClientOptions &options() const { return m_options; }
    // Replaces the wait between attempts (tests make it instant and record it).
    void setSleeper(std::function<void(std::chrono::milliseconds)> sleeper) { m_sleep = std::move(sleeper); }

private:
    struct Attempt;
    Attempt perform(const core::HttpRequest &request, const QByteArray &etag, const QByteArray &lastModified,
                    const core::TransferProgress &progress, const std::atomic_bool *cancel);
    void waitForHost(const QString &host);
    std::chrono::milliseconds backoff(int attempt) const;

    HttpClientOptions m_options;
    std::function<void(std::chrono::milliseconds)> m_sleep;
    std::mutex m_hostMutex;
    QHash<QString, std::chrono::steady_clock::time_point> m_nextSlot;
};

// RAII for curl_global_init / curl_global_cleanup: create one in main().
class CurlGlobal
{
public:
    CurlGlobal();
    ~CurlGlobal();
    CurlGlobal(const CurlGlobal &) = delete;
    CurlGlobal &operator=(const CurlGlobal &) = delete;
};

// Seconds from a Retry-After value (delta-seconds or an HTTP date); -1 when absent or bad.
int parseRetryAfter(const QByteArray &value, const QDateTime &now);

} // namespace gpuplanner::net
