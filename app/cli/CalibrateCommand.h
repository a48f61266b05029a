#pragma once
// `probe --script` (the benchmark probe, printed for copying to a rented machine) and
// `calibrate import FILE | list | remove ID` (its results in the catalog).

#include "CatalogSession.h"

#include <QStringList>
#include <QTextStream>

namespace gpuplanner::cli {

int runProbe(const QStringList &arguments, QTextStream &out, QTextStream &err);
int runCalibrate(const QStringList &arguments, CatalogSession &session, QTextStream &out, QTextStream &err);

} // namespace gpuplanner::cli
