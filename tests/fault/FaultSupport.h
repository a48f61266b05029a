#pragma once
// FaultSupport: what the fault suite's tests share: a private user environment (data, cache
// and config folders) for CLI runs, SkyPilot-format price files with scaled prices served
// from a loopback server, and catalog checks (integrity, per-provider all-old-or-all-new).

#include "TestHttpServer.h"

#include <QByteArray>
#include <QHash>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace gpuplanner::tests {

// Runs of the concurrency tests: GPUPLANNER_FAULT_RUNS, or the default (scripts/soak.sh sets more).
int faultRuns(int defaultRuns);

// The providers whose SkyPilot files the concurrency tests refresh together.
QStringList faultProviders();

// The provider's seed file (vms.csv by default) with every Price and SpotPrice multiplied by factor.
QByteArray scaledVmsCsv(const QString &provider, double factor, const QString &file = QStringLiteral("vms.csv"));

// Serves /v8/<provider>/vms.csv for every fault provider, prices scaled by factor.
void serveScaledCatalog(TestHttpServer &server, double factor);

// XDG data, cache and config homes inside dir, and HOME, so nothing reaches the real user's.
QProcessEnvironment isolatedEnvironment(const QString &dir);

QString integrityCheck(const QString &catalog);
qint64 catalogScalar(const QString &catalog, const QString &sql);

// Providers among faultProviders() whose offers do not all carry one scale of the seed
// prices (scales: 1 = untouched, or one of factors): a half-applied refresh.
QStringList mixedProviders(const QString &catalog, const QString &seedCatalog, const QList<double> &factors);

} // namespace gpuplanner::tests
