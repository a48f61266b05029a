#pragma once
// CalibrationStore: probe results in the catalog's calibrations table (migration 006). The
// document is kept whole and re-read on load, so what the estimator uses always matches the file
// the user imported. Writers hold the catalog's write lock (CatalogWriteLock) around these.

#include "core/calibrate/Calibration.h"
#include "db/Database.h"

namespace gpuplanner::db {

// Stores one parsed probe document; the same bytes twice are refused with the id they have.
Result<qint64> insertCalibration(Database &db, const core::Calibration &calibration, const QByteArray &document);
// Every stored run, oldest first. A stored document this program can no longer read is an error
// naming its id (remove it with `calibrate remove ID`).
Result<QList<core::Calibration>> loadCalibrations(Database &db);
// Removes one run; an id not there is an error.
Status removeCalibration(Database &db, qint64 id);

} // namespace gpuplanner::db
