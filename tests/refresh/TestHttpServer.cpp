#include "TestHttpServer.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>
#include <zlib.h>

#include <cctype>
#include <chrono>

namespace gpuplanner::tests {

namespace {

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200: return "OK";
    case 304: return "Not Modified";
    case 404: return "Not Found";
    case 429: return "Too Many Requests";
    case 500: return "Internal Server Error";
    case 503: return "Service Unavailable";
    default: return "Status";
    }
}

bool sendAll(int socket, const char *data, qsizetype size)
{
    while (size > 0) {
        const ssize_t sent = ::send(socket, data, size_t(size), MSG_NOSIGNAL);
        if (sent <= 0)
            return false;
        data += sent;
        size -= sent;
    }
    return true;
}

} // namespace

QByteArray gzipCompress(const QByteArray &data)
{
    z_stream stream{};
    deflateInit2(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
    QByteArray out(qsizetype(deflateBound(&stream, uLong(data.size()))) + 32, Qt::Uninitialized);
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.constData()));
    stream.avail_in = uInt(data.size());
    stream.next_out = reinterpret_cast<Bytef *>(out.data());
    stream.avail_out = uInt(out.size());
    deflate(&stream, Z_FINISH);
    out.resize(qsizetype(stream.total_out));
    deflateEnd(&stream);
    return out;
}

TestHttpServer::TestHttpServer()
{
    m_listenSocket = ::socket(AF_INET, SOCK_STREAM, 0);
    int yes = 1;
    ::setsockopt(m_listenSocket, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = 0;
    ::bind(m_listenSocket, reinterpret_cast<sockaddr *>(&address), sizeof address);
    ::listen(m_listenSocket, 64);
    socklen_t length = sizeof address;
    ::getsockname(m_listenSocket, reinterpret_cast<sockaddr *>(&address), &length);
    m_port = ntohs(address.sin_port);
    m_acceptThread = std::thread([this] { acceptLoop(); });
}

TestHttpServer::~TestHttpServer()
{
    m_stopping = true;
    ::shutdown(m_listenSocket, SHUT_RDWR);
    ::close(m_listenSocket);
    m_acceptThread.join();
    std::vector<std::thread> connections;
    {
        const std::lock_guard lock(m_mutex);
        connections.swap(m_connections);
    }
    for (std::thread &t : connections)
        t.join();
}

QUrl TestHttpServer::url(const QString &path) const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(m_port).arg(path));
}

void TestHttpServer::route(const QByteArray &path, Handler handler)
{
    const std::lock_guard lock(m_mutex);
    m_routes.insert(path, std::move(handler));
}

void TestHttpServer::routeSequence(const QByteArray &path, QList<HttpTestReply> replies)
{
    auto index = std::make_shared<std::atomic_int>(0);
    route(path, [replies, index](const HttpTestRequest &) {
        const int i = std::min<int>(index->fetch_add(1), int(replies.size()) - 1);
        return replies.at(i);
    });
}

int TestHttpServer::hits(const QByteArray &path) const
{
    const std::lock_guard lock(m_mutex);
    return m_hits.value(path);
}

QList<HttpTestRequest> TestHttpServer::requests() const
{
    const std::lock_guard lock(m_mutex);
    return m_requests;
}

void TestHttpServer::acceptLoop()
{
    while (!m_stopping) {
        const int client = ::accept(m_listenSocket, nullptr, nullptr);
        if (client < 0)
            continue;
        const std::lock_guard lock(m_mutex);
        m_connections.emplace_back([this, client] { serve(client); });
    }
}

void TestHttpServer::serve(int socket)
{
    QByteArray buffer;
    char chunk[65536];
    qsizetype headerEnd = -1;
    while ((headerEnd = buffer.indexOf("\r\n\r\n")) < 0) {
        const ssize_t n = ::recv(socket, chunk, sizeof chunk, 0);
        if (n <= 0) {
            ::close(socket);
            return;
        }
        buffer.append(chunk, n);
        if (!buffer.isEmpty() && !std::isupper(static_cast<unsigned char>(buffer.at(0)))) {
            ::close(socket); // not HTTP (a TLS handshake, say): hang up at once
            return;
        }
    }
    HttpTestRequest request;
    const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    request.method = requestLine.value(0);
    const QByteArray target = requestLine.value(1);
    const qsizetype question = target.indexOf('?');
    request.path = question < 0 ? target : target.left(question);
    request.query = question < 0 ? QByteArray() : target.mid(question + 1);
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines.at(i).indexOf(':');
        if (colon > 0)
            request.headers.insert(lines.at(i).left(colon).trimmed().toLower(), lines.at(i).mid(colon + 1).trimmed());
    }
    const qsizetype contentLength = request.headers.value("content-length", "0").toLongLong();
    request.body = buffer.mid(headerEnd + 4);
    while (request.body.size() < contentLength) {
        const ssize_t n = ::recv(socket, chunk, sizeof chunk, 0);
        if (n <= 0)
            break;
        request.body.append(chunk, n);
    }

    Handler handler;
    {
        const std::lock_guard lock(m_mutex);
        m_requests.append(request);
        m_hits[request.path] += 1;
        handler = m_routes.value(request.path);
    }
    HttpTestReply reply;
    if (handler) {
        reply = handler(request);
    } else {
        reply.status = 404;
        reply.body = "no route";
        reply.contentType = "text/plain";
    }

    auto sleepUnlessStopping = [this](int ms) {
        const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
        while (!m_stopping && std::chrono::steady_clock::now() < until)
            std::this_thread::sleep_for(std::chrono::milliseconds(10)); // wait-ok: a reply's configured delay
    };
    if (reply.delayMs > 0)
        sleepUnlessStopping(reply.delayMs);

    if (reply.chunks) {
        serveChunked(socket, reply);
        return;
    }
    QByteArray body = reply.gzip ? gzipCompress(reply.body) : reply.body;
    QByteArray head = "HTTP/1.1 " + QByteArray::number(reply.status) + ' ' + reasonPhrase(reply.status) + "\r\n";
    head += "Content-Length: " + QByteArray::number(reply.status == 304 ? 0 : body.size()) + "\r\n";
    if (!reply.contentType.isEmpty() && reply.status != 304)
        head += "Content-Type: " + reply.contentType + "\r\n";
    if (reply.gzip)
        head += "Content-Encoding: gzip\r\n";
    for (const auto &[name, value] : reply.headers)
        head += name + ": " + value + "\r\n";
    head += "Connection: close\r\n\r\n";
    if (reply.status == 304)
        body.clear();

    bool ok = sendAll(socket, head.constData(), head.size());
    if (ok && reply.stallAfterBytes >= 0) {
        sendAll(socket, body.constData(), std::min<qsizetype>(reply.stallAfterBytes, body.size()));
        sleepUnlessStopping(600000);
    } else if (ok && reply.truncateAfterBytes >= 0) {
        sendAll(socket, body.constData(), std::min<qsizetype>(reply.truncateAfterBytes, body.size()));
    } else if (ok) {
        sendAll(socket, body.constData(), body.size());
    }
    finish(socket);
}

void TestHttpServer::serveChunked(int socket, const HttpTestReply &reply)
{
    QByteArray head = "HTTP/1.1 " + QByteArray::number(reply.status) + ' ' + reasonPhrase(reply.status) + "\r\n";
    head += "Transfer-Encoding: chunked\r\n";
    if (!reply.contentType.isEmpty())
        head += "Content-Type: " + reply.contentType + "\r\n";
    if (!reply.chunkEncoding.isEmpty())
        head += "Content-Encoding: " + reply.chunkEncoding + "\r\n";
    head += "Connection: close\r\n\r\n";
    bool ok = sendAll(socket, head.constData(), head.size());
    qint64 sent = 0;
    while (ok && !m_stopping) {
        const QByteArray data = reply.chunks(sent);
        const QByteArray size = QByteArray::number(data.size(), 16) + "\r\n";
        ok = sendAll(socket, size.constData(), size.size()) && sendAll(socket, data.constData(), data.size())
            && sendAll(socket, "\r\n", 2);
        if (!ok || data.isEmpty())
            break;
        sent += data.size();
        if (reply.sentBytes)
            reply.sentBytes->store(sent);
    }
    finish(socket);
}

void TestHttpServer::finish(int socket)
{
    ::shutdown(socket, SHUT_WR);
    // Drain until the client closes so it sees the whole response.
    char chunk[65536];
    pollfd pfd{socket, POLLIN, 0};
    while (!m_stopping && ::poll(&pfd, 1, 50) >= 0) {
        if (pfd.revents && ::recv(socket, chunk, sizeof chunk, 0) <= 0)
            break;
    }
    ::close(socket);
}

} // namespace gpuplanner::tests
