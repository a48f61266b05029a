#pragma once
// TestHttpServer: a real HTTP/1.1 server on 127.0.0.1 (ephemeral port) for network tests,
// with fault injection: status sequences, Retry-After, delays and stalls, truncated
// bodies, gzip, wrong content types. One thread per connection; Connection: close.

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrl>

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace gpuplanner::tests {

struct HttpTestRequest
{
    QByteArray method;
    QByteArray path;  // without query
    QByteArray query;
    QHash<QByteArray, QByteArray> headers; // lower-case names
    QByteArray body;
};

struct HttpTestReply
{
    int status = 200;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
    QByteArray contentType = "application/json";
    int delayMs = 0;            // before the status line
    int stallAfterBytes = -1;   // send this many body bytes, then go silent until stopped
    int truncateAfterBytes = -1; // announce the full length, send this many bytes, close
    bool gzip = false;
    // A body made as it is sent, for bodies too big to hold (Transfer-Encoding: chunked): called
    // with the body bytes sent so far for each next chunk, sent as it comes (Content-Encoding
    // chunkEncoding when set), until it returns an empty chunk or the client hangs up; body and
    // gzip are ignored then.
    std::function<QByteArray(qint64 sent)> chunks;
    QByteArray chunkEncoding;
    std::shared_ptr<std::atomic<qint64>> sentBytes; // when set: the body bytes the socket took
};

class TestHttpServer
{
public:
    using Handler = std::function<HttpTestReply(const HttpTestRequest &)>;

    TestHttpServer();
    ~TestHttpServer();

    QUrl url(const QString &path = QStringLiteral("/")) const;
    void route(const QByteArray &path, Handler handler);
    // Serves replies in order; the last one repeats.
    void routeSequence(const QByteArray &path, QList<HttpTestReply> replies);
    int hits(const QByteArray &path) const;
    QList<HttpTestRequest> requests() const;

private:
    void acceptLoop();
    void serve(int socket);
    void serveChunked(int socket, const HttpTestReply &reply);
    void finish(int socket);

    int m_listenSocket = -1;
    quint16 m_port = 0;
    std::atomic_bool m_stopping{false};
    std::thread m_acceptThread;
    mutable std::mutex m_mutex;
    std::vector<std::thread> m_connections;
    QHash<QByteArray, Handler> m_routes;
    QHash<QByteArray, int> m_hits;
    QList<HttpTestRequest> m_requests;
};

QByteArray gzipCompress(const QByteArray &data);

} // namespace gpuplanner::tests
