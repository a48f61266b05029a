#pragma once
// CommandSupport: what every gpu-planner-cli command shares: exit codes, the common
// options, and one place that answers --help and usage errors.

#include <QCommandLineParser>
#include <QString>
#include <QStringList>
#include <QTextStream>

#include <optional>

namespace gpuplanner::cli {

inline QString programName()
{
    return QStringLiteral("gpu-planner-cli");
}

// --help and --catalog, accepted by every command.
inline void addCommonOptions(QCommandLineParser &parser)
{
    parser.addHelpOption();
    parser.addOption({QStringLiteral("catalog"), QStringLiteral("Catalog database file."), QStringLiteral("PATH")});
}

// Parses args; returns an exit code when the command is already answered (help or a usage
// error), nothing when it should run.
// A parser error for printing: scrubbed of credentials and cut short.
QString usageErrorText(const QString &text);

std::optional<int> answerHelpOrUsageError(QCommandLineParser &parser, const QStringList &args, const QString &name,
                                          qsizetype maxPositional, QTextStream &out, QTextStream &err);

} // namespace gpuplanner::cli
