#include "net/providers/ProviderTestSupport.h"

#include <QFile>

#include <algorithm>
#include <cstdlib>

namespace gpuplanner::net::test {

const core::SeedMetadata &seedMetadata()
{
    static const core::SeedMetadata meta = [] {
        auto loaded = core::loadSeedMetadata(QStringLiteral(":/reference"));
        if (!loaded) {
            qFatal("reference data: %s", qPrintable(loaded.errorMessage()));
        }
        return loaded.value();
    }();
    return meta;
}

const core::GpuAliasResolver &resolver()
{
    static const core::GpuAliasResolver r = seedMetadata().resolver();
    return r;
}

const InstanceShapes &shapes()
{
    static const InstanceShapes s = [] {
        auto loaded = InstanceShapes::loadEmbedded();
        if (!loaded)
            qFatal("instance shapes: %s", qPrintable(loaded.errorMessage()));
        return loaded.value();
    }();
    return s;
}

QString fixturePath(const QString &relative)
{
    return QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/api/") + relative;
}

QByteArray readFixture(const QString &relative)
{
    QFile file(fixturePath(relative));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read fixture %s", qPrintable(file.fileName()));
    return file.readAll();
}

QString describe(const core::ImportedOffer &o)
{
    QString text = QStringLiteral("%1 %2 %3 %4 x%5 %6 %7")
                       .arg(o.instance.name, o.region, core::billingId(o.billing), o.instance.gpuId)
                       .arg(o.instance.gpuCount)
                       .arg(o.price, 0, 'f', 6)
                       .arg(o.currency);
    if (o.termMonths > 0 || o.upfrontFee.value_or(0) > 0)
        text += QStringLiteral(" %1m %2 %3").arg(o.termMonths).arg(o.upfront).arg(o.upfrontFee.value_or(0), 0, 'f', 2);
    if (!o.offeringClass.isEmpty())
        text += u' ' + o.offeringClass;
    if (o.medianPrice)
        text += QStringLiteral(" median %1").arg(*o.medianPrice, 0, 'f', 6);
    return text;
}

QStringList describeAll(const QList<core::ImportedOffer> &offers, bool sorted)
{
    QStringList lines;
    for (const core::ImportedOffer &o : offers)
        lines.append(describe(o));
    if (sorted)
        lines.sort();
    return lines;
}

const core::ImportedOffer *findOffer(const core::ImportBatch &batch, const QString &name, core::Billing billing,
                                     int termMonths, const QString &upfront, const QString &region)
{
    for (const core::ImportedOffer &o : batch.offers) {
        if (o.instance.name == name && o.billing == billing && o.termMonths == termMonths && o.upfront == upfront
            && (region.isEmpty() || o.region == region))
            return &o;
    }
    return nullptr;
}

void FixtureHttpClient::serve(const QString &path, const QByteArray &body, int status, const QString &queryContains)
{
    m_routes.append(Route{path, queryContains, body, status});
}

void FixtureHttpClient::serveFile(const QString &path, const QString &fixture, const QString &queryContains)
{
    serve(path, readFixture(fixture), 200, queryContains);
}

core::Result<core::HttpResponse> FixtureHttpClient::send(const core::HttpRequest &request,
                                                         const core::TransferProgress &progress,
                                                         const std::atomic_bool *cancel)
{
    requests.append(request);
    const QString query = request.url.query(QUrl::FullyDecoded);
    const Route *it = nullptr;
    for (const Route &route : m_routes) {
        if (route.path == request.url.path() && query.contains(route.queryContains)
            && (!it || route.queryContains.size() > it->queryContains.size()))
            it = &route;
    }
    const QString label = request.url.toDisplayString();
    if (!it)
        return core::Error{QStringLiteral("%1: HTTP 404").arg(label)};
    if (it->status < 200 || it->status >= 300)
        return core::Error{QStringLiteral("%1: HTTP %2").arg(label).arg(it->status)};
    core::HttpResponse response;
    response.status = it->status;
    response.url = request.url;
    response.contentType = QByteArrayLiteral("application/json");
    const QByteArray &body = it->body;
    if (!request.sink) {
        response.body = body;
        if (progress)
            progress(body.size(), body.size());
        return response;
    }
    for (qsizetype at = 0; at < body.size(); at += m_chunkSize) {
        if (cancel && cancel->load())
            return core::Error{QStringLiteral("%1: cancelled").arg(label)};
        const qsizetype n = std::min(m_chunkSize, body.size() - at);
        if (!request.sink(body.constData() + at, n))
            return core::Error{QStringLiteral("%1: aborted by the receiver").arg(label)};
        if (progress)
            progress(at + n, body.size());
    }
    return response;
}

} // namespace gpuplanner::net::test
