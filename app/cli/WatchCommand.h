#pragma once
// WatchCommand: `gpu-planner-cli watch FILE...` plans each saved scenario again on the catalog as
// it is now and holds it against the plan it recorded (`plan --record`, or Save in the desktop):
// it says which plan got cheaper or dearer than the threshold, or reached a target price. Run it
// after `refresh` (cron) to be told when a watched plan moved.
// A file that cannot be read or planned is reported on stderr and skipped; the others are still
// watched. Exit codes: 0 no alert, 1 usage error, 2 some file could not be watched (whatever the
// others said: their lines are printed all the same), 3 at least one alert.

#include <QStringList>
#include <QTextStream>

namespace gpuplanner::cli {

int runWatch(const QStringList &arguments, QTextStream &out, QTextStream &err);

} // namespace gpuplanner::cli
