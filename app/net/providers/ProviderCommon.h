#pragma once
// Helpers shared by the provider adapters: joining a configurable base URL with API paths,
// fetching and decoding small JSON documents through the HttpClient port, cancel checks,
// and typed JSON field access whose errors name the document and the field path.

#include "core/common/Result.h"
#include "core/import/ImportBatch.h"
#include "core/refresh/PriceSource.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QUrl>

#include <optional>

namespace gpuplanner::net {

// base "http://127.0.0.1:8080/mirror" + "/offers/x.json" -> "http://127.0.0.1:8080/mirror/offers/x.json";
// an absolute URL in pathOrUrl is returned as is.
QUrl joinUrl(const QUrl &base, const QString &pathOrUrl);
// A paged API's "next" link moved onto the configured base (a mirror or a test server keeps every
// page), its query kept in the server's exact encoding.
QUrl rebaseNextLink(const QUrl &base, const QString &nextLink);

bool isCancelled(const core::RefreshContext &context);
core::Error cancelledError(const QString &what);
void reportProgress(const core::RefreshContext &context, const QString &status, qint64 done, qint64 total);

// Decodes a JSON object document; the error names label and the byte offset.
core::Result<QJsonObject> parseJsonObject(const QByteArray &bytes, const QString &label);
// Sends request through context.http (progress and cancel wired) and decodes the body.
core::Result<QJsonObject> fetchJsonObject(const core::RefreshContext &context, const core::HttpRequest &request,
                                          const QString &status);

// Streams a large body (an AWS price list file) into a push parser as it arrives, with progress
// under status and cancel honoured: the parser needs feed(data, size), errorMessage() and
// bytesConsumed(). A parser that refuses the bytes stops the transfer, and its own error says
// more than the client's "aborted"; a client that answered from its cache hands the whole body
// over, and it is fed here.
template<typename Parser>
core::Status streamInto(Parser &parser, const core::RefreshContext &context, core::HttpRequest request,
                        const QString &label, const QString &status)
{
    request.sink = [&](const char *data, qsizetype size) {
        if (isCancelled(context))
            return false;
        return parser.feed(data, std::size_t(size));
    };
    reportProgress(context, status, 0, 0);
    auto response = context.http->send(
        request, [&](qint64 done, qint64 total) { reportProgress(context, status, done, total); }, context.cancel);
    if (!parser.errorMessage().isEmpty())
        return core::Error{parser.errorMessage()};
    if (isCancelled(context))
        return cancelledError(label);
    if (!response)
        return response.error();
    if (parser.bytesConsumed() == 0 && !response->body.isEmpty())
        parser.feed(response->body.constData(), std::size_t(response->body.size()));
    return core::success();
}

// Reads typed fields of one JSON object, keeping the first problem as "<path>.<key>: <what>".
class JsonFields
{
public:
    JsonFields(const QJsonObject &object, QString path) : m_object(object), m_path(std::move(path)) {}

    QString string(const QString &key);
    std::optional<QString> optionalString(const QString &key);
    double number(const QString &key);
    std::optional<double> optionalNumber(const QString &key); // absent or null -> nullopt
    QJsonObject object(const QString &key);
    QJsonArray array(const QString &key);

    bool ok() const { return m_error.isEmpty(); }
    const QString &error() const { return m_error; }
    QString path(const QString &key) const { return m_path.isEmpty() ? key : m_path + u'.' + key; }
    const QString &where() const { return m_path; }

private:
    QJsonValue require(const QString &key, QJsonValue::Type type, const char *typeName);
    void setError(const QString &key, const QString &what);

    QJsonObject m_object;
    QString m_path;
    QString m_error;
};

QString jsonTypeName(const QJsonValue &value);

// One exclusion line for an accelerator name GpuAliasResolver does not know.
core::ImportExclusion unmappedAccelerator(const QString &provider, const QString &file, const QString &name,
                                          const QString &instanceType);

// One entry of a price list left out because it cannot be read (what: "price item", "offer"),
// so that one odd entry never fails the whole refresh; detail names its path and the problem.
core::ImportExclusion unusableEntry(const QString &provider, const QString &file, const QString &what,
                                    const QString &detail);
// The same for an entry that is not a JSON object.
core::ImportExclusion notAnObject(const QString &provider, const QString &file, const QString &what,
                                  const QString &path, const QJsonValue &value);

// Offers of several zones merged into one per offer (instance, region, billing, term): the
// lowest price, and the median when the zones differ.
QList<core::ImportedOffer> lowestPerOffer(const QList<core::ImportedOffer> &offers);

// A prepaid subscription (the Chinese clouds' monthly and yearly terms, 包月/包年) as a
// commitment offer: the whole total paid up front for the term, its effective hourly rate
// total / (months x 730 h) as the price, nothing recurring.
core::ImportedOffer prepaidSubscription(const core::ImportedInstance &instance, const QString &region, int months,
                                        double total, const QString &currency, const QString &source);

} // namespace gpuplanner::net
