#include "CommandSupport.h"

#include <QCoreApplication>

#include "Cli.h"

#include "core/common/Redact.h"

namespace gpuplanner::cli {

QString usageErrorText(const QString &text)
{
    // QCommandLineParser quotes the whole offending argument: scrub it and keep it short.
    const QString clean = core::scrubSecrets(text).simplified();
    return clean.size() <= 160 ? clean : clean.left(160) + QStringLiteral("… (%1 characters)").arg(text.size());
}

std::optional<int> answerHelpOrUsageError(QCommandLineParser &parser, const QStringList &args, const QString &name,
                                          qsizetype maxPositional, QTextStream &out, QTextStream &err)
{
    if (!parser.parse(args)) {
        err << programName() << ' ' << name << ": " << usageErrorText(parser.errorText()) << '\n';
        return ExitUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        // The report helper's usage line names the command people typed, not the helper.
        QString help = parser.helpText();
        if (const QString invokedAs = qEnvironmentVariable("GPUPLANNER_INVOKED_AS"); !invokedAs.isEmpty())
            help.replace(QCoreApplication::arguments().constFirst(), invokedAs);
        out << help;
        return ExitOk;
    }
    if (parser.positionalArguments().size() > maxPositional) {
        err << programName() << ' ' << name << ": unexpected argument "
            << core::quoteValue(parser.positionalArguments().at(maxPositional)) << '\n';
        return ExitUsage;
    }
    return std::nullopt;
}

} // namespace gpuplanner::cli
