#include "net/providers/ProviderCommon.h"

#include "core/import/OfferAggregator.h"
#include "core/refresh/BatchValidation.h"

#include "core/common/Redact.h"

#include <QJsonParseError>

namespace gpuplanner::net {

QUrl rebaseNextLink(const QUrl &base, const QString &nextLink)
{
    const QUrl next(nextLink);
    QString pathAndQuery = next.path(QUrl::FullyEncoded);
    if (next.hasQuery())
        pathAndQuery += u'?' + next.query(QUrl::FullyEncoded);
    QUrl url = joinUrl(base, pathAndQuery);
    // joinUrl re-parses the query: keep the server's exact encoding.
    if (next.hasQuery())
        url.setQuery(next.query(QUrl::FullyEncoded), QUrl::StrictMode);
    return url;
}

QUrl joinUrl(const QUrl &base, const QString &pathOrUrl)
{
    const QUrl given(pathOrUrl);
    if (given.isValid() && !given.scheme().isEmpty())
        return given;
    QUrl url = base;
    QString basePath = base.path();
    while (basePath.endsWith(u'/'))
        basePath.chop(1);
    const qsizetype query = pathOrUrl.indexOf(u'?');
    QString path = query < 0 ? pathOrUrl : pathOrUrl.left(query);
    if (!path.startsWith(u'/'))
        path.prepend(u'/');
    url.setPath(basePath + path);
    if (query >= 0)
        url.setQuery(pathOrUrl.mid(query + 1));
    return url;
}

bool isCancelled(const core::RefreshContext &context)
{
    return context.cancel && context.cancel->load();
}

core::Error cancelledError(const QString &what)
{
    return core::Error{QStringLiteral("%1: cancelled").arg(what)};
}

void reportProgress(const core::RefreshContext &context, const QString &status, qint64 done, qint64 total)
{
    if (context.progress)
        context.progress(status, done, total);
}

core::Result<QJsonObject> parseJsonObject(const QByteArray &bytes, const QString &label)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError)
        return core::Error{QStringLiteral("%1: invalid JSON at byte %2: %3").arg(label).arg(error.offset).arg(error.errorString())};
    if (!doc.isObject())
        return core::Error{QStringLiteral("%1: expected a JSON object at the top level").arg(label)};
    return doc.object();
}

core::Result<QJsonObject> fetchJsonObject(const core::RefreshContext &context, const core::HttpRequest &request,
                                          const QString &status)
{
    const QString label = core::redactedUrl(request.url).toDisplayString(QUrl::RemoveQuery);
    if (!context.http)
        return core::Error{QStringLiteral("%1: no HTTP client configured").arg(label)};
    if (isCancelled(context))
        return cancelledError(label);
    reportProgress(context, status, 0, 0);
    auto response = context.http->send(
        request, [&](qint64 done, qint64 total) { reportProgress(context, status, done, total); }, context.cancel);
    if (!response)
        return response.error();
    return parseJsonObject(response->body, label);
}

QString jsonTypeName(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return QStringLiteral("a boolean");
    case QJsonValue::Double: return QStringLiteral("a number");
    case QJsonValue::String: return QStringLiteral("a string");
    case QJsonValue::Array: return QStringLiteral("an array");
    case QJsonValue::Object: return QStringLiteral("an object");
    case QJsonValue::Undefined: break;
    }
    return QStringLiteral("nothing");
}

void JsonFields::setError(const QString &key, const QString &what)
{
    if (m_error.isEmpty())
        m_error = path(key) + QStringLiteral(": ") + what;
}

QJsonValue JsonFields::require(const QString &key, QJsonValue::Type type, const char *typeName)
{
    const QJsonValue value = m_object.value(key);
    if (value.isUndefined()) {
        setError(key, QStringLiteral("missing"));
        return {};
    }
    if (value.type() != type) {
        setError(key, QStringLiteral("expected %1, got %2").arg(QString::fromLatin1(typeName), jsonTypeName(value)));
        return {};
    }
    return value;
}

QString JsonFields::string(const QString &key)
{
    return require(key, QJsonValue::String, "a string").toString();
}

std::optional<QString> JsonFields::optionalString(const QString &key)
{
    const QJsonValue value = m_object.value(key);
    if (value.isUndefined() || value.isNull())
        return std::nullopt;
    if (!value.isString()) {
        setError(key, QStringLiteral("expected a string, got %1").arg(jsonTypeName(value)));
        return std::nullopt;
    }
    return value.toString();
}

double JsonFields::number(const QString &key)
{
    return require(key, QJsonValue::Double, "a number").toDouble();
}

std::optional<double> JsonFields::optionalNumber(const QString &key)
{
    const QJsonValue value = m_object.value(key);
    if (value.isUndefined() || value.isNull())
        return std::nullopt;
    if (!value.isDouble()) {
        setError(key, QStringLiteral("expected a number, got %1").arg(jsonTypeName(value)));
        return std::nullopt;
    }
    return value.toDouble();
}

QJsonObject JsonFields::object(const QString &key)
{
    return require(key, QJsonValue::Object, "an object").toObject();
}

QJsonArray JsonFields::array(const QString &key)
{
    return require(key, QJsonValue::Array, "an array").toArray();
}

core::ImportExclusion unmappedAccelerator(const QString &provider, const QString &file, const QString &name,
                                          const QString &instanceType)
{
    return core::ImportExclusion{provider, file, 0, QStringLiteral("row"), QStringLiteral("unmapped accelerator name"),
                                 QStringLiteral("%1 (instance type %2)").arg(name, instanceType)};
}

core::ImportExclusion unusableEntry(const QString &provider, const QString &file, const QString &what,
                                    const QString &detail)
{
    return core::ImportExclusion{provider, file, 0, QStringLiteral("row"), QStringLiteral("unusable %1").arg(what), detail};
}

core::ImportExclusion notAnObject(const QString &provider, const QString &file, const QString &what, const QString &path,
                                  const QJsonValue &value)
{
    return unusableEntry(provider, file, what, QStringLiteral("%1: expected an object, got %2").arg(path, jsonTypeName(value)));
}

QList<core::ImportedOffer> lowestPerOffer(const QList<core::ImportedOffer> &offers)
{
    QHash<QString, qsizetype> index;
    QList<core::ImportedOffer> merged;
    QList<QList<double>> prices;
    for (const core::ImportedOffer &o : offers) {
        const QString key = core::offerIdentity(o);
        const auto it = index.constFind(key);
        if (it == index.cend()) {
            index.insert(key, merged.size());
            merged.append(o);
            prices.append(QList<double>{o.price});
            continue;
        }
        prices[*it].append(o.price);
        if (o.price < merged.at(*it).price)
            merged[*it] = o;
    }
    for (qsizetype i = 0; i < merged.size(); ++i) {
        if (prices.at(i).size() > 1)
            merged[i].medianPrice = core::median(prices.at(i));
    }
    return merged;
}

core::ImportedOffer prepaidSubscription(const core::ImportedInstance &instance, const QString &region, int months,
                                        double total, const QString &currency, const QString &source)
{
    core::ImportedOffer o = core::onDemandOrSpot(instance, region, core::Billing::Reserved, total / (months * 730.0),
                                                 currency, source);
    o.termMonths = months;
    o.upfront = QStringLiteral("all");
    o.priceBasis = core::PriceBasis::Effective;
    o.upfrontFee = total;
    o.recurringPerHour = 0.0;
    return o;
}

} // namespace gpuplanner::net
