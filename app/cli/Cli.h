#pragma once
// Cli: the gpu-planner-cli commands: argument parsing and dispatch to core and db.
// Exit codes: 0 ok, 1 usage error, 2 data error (catalog missing, damaged, unreadable).

#include <QString>
#include <QStringList>
#include <QTextStream>

namespace gpuplanner::cli {

enum ExitCode { ExitOk = 0, ExitUsage = 1, ExitData = 2 };

int run(const QStringList &arguments, QTextStream &out, QTextStream &err);

} // namespace gpuplanner::cli
