#include "CommandSupport.h"

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
        out << parser.helpText();
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
