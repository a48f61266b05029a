#pragma once
// PriceSource: one refreshable source of offers (a provider API, SkyPilot's hosted
// catalog, a team mirror) producing an ImportBatch for one provider at a time.

#include "core/import/ImportBatch.h"
#include "core/refresh/HttpClient.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace gpuplanner::core {

struct RefreshContext
{
    HttpClient *http = nullptr;
    const std::atomic_bool *cancel = nullptr;
    // Called with a short status line and bytes done/total of the current download.
    std::function<void(const QString &status, qint64 done, qint64 total)> progress;
    QStringList regions; // empty = all
    // The provider's instance types the catalog holds (name, GPU, count, vCPUs, memory).
    QList<ImportedInstance> knownInstances;
};

class PriceSource
{
public:
    virtual ~PriceSource() = default;

    // Provider ids this source refreshes (one batch each).
    virtual QStringList providers() const = 0;
    virtual QString name() const = 0;
    virtual Result<ImportBatch> fetch(const QString &provider, const RefreshContext &context) = 0;
    // The key material and key ids this source sends (in any request): the refresh scrubs them,
    // in every form a server may echo them, from whatever it prints or stores.
    virtual QList<QByteArray> credentials() const { return {}; }
};

} // namespace gpuplanner::core
