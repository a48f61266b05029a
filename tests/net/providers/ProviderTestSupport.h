#pragma once
// Shared helpers for the provider parser and adapter tests: the embedded reference data,
// fixture files under tests/data/api, compact offer descriptions to compare against, and an
// in-process HttpClient that serves fixtures by URL path (the libcurl client has its own
// loopback-server tests; here only the adapters' request sequence and parsing matter).

#include "core/import/ImportBatch.h"
#include "core/import/SeedMetadata.h"
#include "core/refresh/HttpClient.h"
#include "net/providers/InstanceShapes.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace gpuplanner::net::test {

const core::SeedMetadata &seedMetadata();
const core::GpuAliasResolver &resolver();
const InstanceShapes &shapes();

QString fixturePath(const QString &relative); // relative to tests/data/api
QByteArray readFixture(const QString &relative);

// "name region billing gpuId xcount price currency term upfront fee" with prices to 6 decimals.
QString describe(const core::ImportedOffer &offer);
QStringList describeAll(const QList<core::ImportedOffer> &offers, bool sorted = true);
const core::ImportedOffer *findOffer(const core::ImportBatch &batch, const QString &name, core::Billing billing,
                                     int termMonths = 0, const QString &upfront = QStringLiteral("none"),
                                     const QString &region = {});

class FixtureHttpClient : public core::HttpClient
{
public:
    struct Route
    {
        QString path;
        QString queryContains; // in the fully decoded query; the longest match wins
        QByteArray body;
        int status = 200;
    };
    void serve(const QString &path, const QByteArray &body, int status = 200, const QString &queryContains = {});
    void serveFile(const QString &path, const QString &fixture, const QString &queryContains = {});
    // Sink deliveries use this chunk size (to exercise streaming parsers).
    void setChunkSize(qsizetype size) { m_chunkSize = size; }

    core::Result<core::HttpResponse> send(const core::HttpRequest &request, const core::TransferProgress &progress,
                                          const std::atomic_bool *cancel) override;

    QList<core::HttpRequest> requests;

private:
    QList<Route> m_routes;
    qsizetype m_chunkSize = 65536;
};

} // namespace gpuplanner::net::test
