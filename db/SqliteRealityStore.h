#pragma once
// SqliteRealityStore: core::RealityStore over one catalog file. Each write takes the catalog's
// write lock (waiting up to a minute for a refresh or another import) and opens its own
// read-write connection, so a store may live on any one thread.

#include "core/catalog/RealityStore.h"

namespace gpuplanner::db {

class SqliteRealityStore : public core::RealityStore
{
public:
    explicit SqliteRealityStore(QString catalogPath);

    static core::RealityStoreFactory factory(const QString &catalogPath);

    core::Result<core::Calibration> importCalibration(const QByteArray &document, const QString &sourceName,
                                                      const QString &gpuOverride) override;
    core::Status removeCalibration(qint64 id) override;
    core::Result<QList<core::Calibration>> calibrations() override;
    using core::RealityStore::importSpend;
    core::Result<core::SpendImportSummary> importSpend(QIODevice &device, const QString &sourceName,
                                                       core::actuals::BillingFormat format, const QString &project,
                                                       const core::SpendImportOptions &options) override;
    core::Status removeSpendImport(qint64 id) override;
    core::Result<QList<core::SpendImportInfo>> spendImports() override;

private:
    QString m_path;
};

} // namespace gpuplanner::db
