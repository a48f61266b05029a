#include "net/providers/ScalewaySource.h"

#include "core/common/Redact.h"

#include "net/providers/ProviderCommon.h"

#include <QSet>
#include <QUrlQuery>

namespace gpuplanner::net {

namespace {

const QString kProvider = QStringLiteral("scaleway");
const QString kSource = QStringLiteral("Scaleway product catalog (retail price)");

// Statuses of products no longer sold for new Instances (ListPublicCatalogProductsRequest returns
// them by default): "must not be used for new deployments", "not sold anymore", ...
bool noLongerSold(const QString &status)
{
    return status == u"end_of_deployment" || status == u"end_of_sale" || status == u"end_of_life"
           || status == u"retired";
}

// scw.Money: whole units plus nanos (1e-9). units is an int64, which JSON may carry as a string.
std::optional<double> money(const QJsonObject &m, const QString &path, QString *error)
{
    const QJsonValue units = m.value(QStringLiteral("units"));
    const QJsonValue nanos = m.value(QStringLiteral("nanos"));
    double whole = 0;
    bool ok = true;
    if (units.isDouble())
        whole = units.toDouble();
    else if (units.isString())
        whole = units.toString().toLongLong(&ok);
    else if (!units.isUndefined() && !units.isNull())
        ok = false;
    if (!ok) {
        *error = QStringLiteral("%1.units: expected a whole number, got %2").arg(path, jsonTypeName(units));
        return std::nullopt;
    }
    if (!nanos.isUndefined() && !nanos.isNull() && !nanos.isDouble()) {
        *error = QStringLiteral("%1.nanos: expected a number, got %2").arg(path, jsonTypeName(nanos));
        return std::nullopt;
    }
    return whole + nanos.toDouble() / 1e9;
}

} // namespace

core::Result<ScalewayPage> parseScalewayProducts(const QByteArray &bytes, const QString &label,
                                                 const core::GpuAliasResolver &resolver)
{
    auto root = parseJsonObject(bytes, label);
    if (!root)
        return root.error();
    JsonFields top(*root, QString());
    const QJsonArray products = top.array(QStringLiteral("products"));
    const double total = top.optionalNumber(QStringLiteral("total_count")).value_or(double(products.size()));
    if (!top.ok())
        return core::Error{label + QStringLiteral(": ") + top.error()};

    ScalewayPage page;
    page.products = products.size();
    page.totalCount = qint64(total);
    core::ImportBatch &batch = page.batch;
    int used = 0;
    for (qsizetype i = 0; i < products.size(); ++i) {
        const QString path = QStringLiteral("products[%1]").arg(i);
        if (!products.at(i).isObject()) {
            batch.exclusions.append(notAnObject(kProvider, label, QStringLiteral("product"), path, products.at(i)));
            continue;
        }
        const QJsonObject product = products.at(i).toObject();
        JsonFields f(product, path);
        const QString sku = f.optionalString(QStringLiteral("sku")).value_or(QString());
        const QString status = f.optionalString(QStringLiteral("status")).value_or(QString());
        if (!f.ok())
            return core::Error{label + QStringLiteral(": ") + f.error()};
        page.skus.append(sku);
        const QJsonObject properties = product.value(QStringLiteral("properties")).toObject();
        const QJsonObject hardware = properties.value(QStringLiteral("hardware")).toObject();
        const QJsonValue gpuValue = hardware.value(QStringLiteral("gpu"));
        const QJsonValue instanceValue = properties.value(QStringLiteral("instance"));
        if (!instanceValue.isObject() || !gpuValue.isObject())
            continue; // not an Instance, or one without a GPU
        const QString gpuPath = path + QStringLiteral(".properties.hardware.gpu");
        JsonFields gpu(gpuValue.toObject(), gpuPath);
        const double count = gpu.optionalNumber(QStringLiteral("count")).value_or(0);
        const QString gpuType = gpu.optionalString(QStringLiteral("type")).value_or(QString());
        JsonFields inst(instanceValue.toObject(), path + QStringLiteral(".properties.instance"));
        const QString offerId = inst.string(QStringLiteral("offer_id"));
        for (const JsonFields *j : {&gpu, &inst}) {
            if (!j->ok())
                return core::Error{label + QStringLiteral(": ") + j->error()};
        }
        if (!(count > 0))
            continue;
        if (noLongerSold(status))
            continue;

        JsonFields price(product.value(QStringLiteral("price")).toObject(), path + QStringLiteral(".price"));
        const QJsonObject retail = price.object(QStringLiteral("retail_price"));
        JsonFields uom(product.value(QStringLiteral("unit_of_measure")).toObject(), path + QStringLiteral(".unit_of_measure"));
        const QString unit = uom.string(QStringLiteral("unit"));
        const double size = uom.optionalNumber(QStringLiteral("size")).value_or(1);
        JsonFields retailFields(retail, price.path(QStringLiteral("retail_price")));
        const QString currency = retailFields.string(QStringLiteral("currency_code"));
        for (const JsonFields *j : {&price, &uom, &retailFields}) {
            if (!j->ok())
                return core::Error{label + QStringLiteral(": ") + j->error()};
        }
        QString moneyError;
        const auto amount = money(retail, price.path(QStringLiteral("retail_price")), &moneyError);
        if (!amount)
            return core::Error{label + QStringLiteral(": ") + moneyError};
        if (unit != u"hour" || !(size > 0)) {
            batch.exclusions.append(unusableEntry(
                kProvider, label, QStringLiteral("product"),
                QStringLiteral("%1: %2 is priced per %3 %4, not per hour; left out").arg(path, offerId).arg(size).arg(unit)));
            continue;
        }
        if (!(*amount > 0))
            continue; // free: nothing to plan with
        const QString zone = product.value(QStringLiteral("locality")).toObject().value(QStringLiteral("zone")).toString();
        if (zone.isEmpty()) {
            batch.exclusions.append(unusableEntry(kProvider, label, QStringLiteral("product"),
                                                  QStringLiteral("%1.locality: %2 names no zone; left out").arg(path, offerId)));
            continue;
        }
        const auto resolved = resolver.resolve(gpuType, kProvider, offerId);
        if (!resolved) {
            batch.exclusions.append(
                unmappedAccelerator(kProvider, label, gpuType.isEmpty() ? QStringLiteral("(no type)") : gpuType, offerId));
            continue;
        }
        core::ImportedInstance instance{kProvider, offerId, resolved->gpuId, count * resolved->fraction, {}, {}, {}};
        if (const double threads = hardware.value(QStringLiteral("cpu")).toObject().value(QStringLiteral("threads")).toDouble();
            threads > 0)
            instance.vcpus = threads;
        if (const double ram = hardware.value(QStringLiteral("ram")).toObject().value(QStringLiteral("size")).toDouble(); ram > 0)
            instance.memoryGib = ram / (1024.0 * 1024.0 * 1024.0);
        batch.offers.append(
            core::onDemandOrSpot(instance, zone, core::Billing::OnDemand, *amount / size, currency, kSource));
        ++used;
    }
    batch.files.append(core::ImportFileStats{kProvider, label, int(products.size()), used, int(batch.exclusions.size())});
    return page;
}

ScalewaySource::ScalewaySource(QUrl baseUrl, QString apiKey, const core::SeedMetadata &reference)
    : m_baseUrl(std::move(baseUrl)), m_apiKey(std::move(apiKey)), m_resolver(reference.resolver())
{
}

core::Result<core::ImportBatch> ScalewaySource::fetch(const QString &provider, const core::RefreshContext &context)
{
    if (provider != kProvider)
        return core::Error{QStringLiteral("%1 does not refresh provider '%2'").arg(name(), provider)};
    PagingGuard guard(QStringLiteral("Scaleway"), QStringLiteral("public-catalog products"), m_pageBound,
                      QStringLiteral("page"));
    guard.startAt(QStringLiteral("1"));
    core::ImportBatch batch;
    QSet<QString> seen;
    qint64 listed = 0;
    for (int pageNumber = 1;; ++pageNumber) {
        QUrl url = joinUrl(m_baseUrl, productsPath());
        QUrlQuery query;
        query.addQueryItem(QStringLiteral("product_types"), QStringLiteral("instance"));
        query.addQueryItem(QStringLiteral("page"), QString::number(pageNumber));
        query.addQueryItem(QStringLiteral("page_size"), QString::number(kPageSize));
        url.setQuery(query);
        const QString label = core::redactUrl(url);
        if (auto more = guard.beforePage(); !more)
            return core::Error{QStringLiteral("%1: %2").arg(label, more.errorMessage())};
        core::HttpRequest request;
        request.url = url;
        request.headers.append({QByteArrayLiteral("Accept"), QByteArrayLiteral("application/json")});
        if (!context.http)
            return core::Error{QStringLiteral("%1: no HTTP client configured").arg(label)};
        if (isCancelled(context))
            return cancelledError(label);
        reportProgress(context, QStringLiteral("Scaleway catalog page %1").arg(pageNumber), 0, 0);
        auto response = context.http->send(request, {}, context.cancel);
        if (!response)
            return response.error();
        auto page = parseScalewayProducts(response->body, label, m_resolver);
        if (!page)
            return page.error();
        qsizetype fresh = 0;
        for (const QString &sku : std::as_const(page->skus)) {
            if (!seen.contains(sku)) {
                seen.insert(sku);
                ++fresh;
            }
        }
        batch.append(page->batch);
        listed += page->products;
        // The last page: an empty one, or all total_count products listed.
        const bool last = page->products == 0 || listed >= page->totalCount;
        if (auto ok = guard.afterPage(fresh, last ? QString() : QString::number(pageNumber + 1)); !ok)
            return core::Error{QStringLiteral("%1: %2").arg(label, ok.errorMessage())};
        if (last)
            break;
    }
    batch.sourceNote = name();
    return batch;
}

} // namespace gpuplanner::net
