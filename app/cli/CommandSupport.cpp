#include "CommandSupport.h"

#include "Cli.h"

namespace gpuplanner::cli {

std::optional<int> answerHelpOrUsageError(QCommandLineParser &parser, const QStringList &args, const QString &name,
                                          qsizetype maxPositional, QTextStream &out, QTextStream &err)
{
    if (!parser.parse(args)) {
        err << programName() << ' ' << name << ": " << parser.errorText() << '\n';
        return ExitUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        out << parser.helpText();
        return ExitOk;
    }
    if (parser.positionalArguments().size() > maxPositional) {
        err << programName() << ' ' << name << ": unexpected argument '"
            << parser.positionalArguments().at(maxPositional) << "'\n";
        return ExitUsage;
    }
    return std::nullopt;
}

} // namespace gpuplanner::cli
