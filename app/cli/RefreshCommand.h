#pragma once
// `refresh`: update the catalog from SkyPilot's hosted catalog, the ECB's FX rates, provider
// APIs or a team mirror, with per-provider progress and a summary.

#include "CatalogSession.h"

#include <QStringList>
#include <QTextStream>

namespace gpuplanner::cli {

int runRefresh(const QStringList &arguments, CatalogSession &session, QTextStream &out, QTextStream &err);

} // namespace gpuplanner::cli
