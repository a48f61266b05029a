#include "WatchCommand.h"

#include "Cli.h"
#include "PreparedPlan.h"

#include "core/common/Redact.h"
#include "core/plan/PlanRecord.h"
#include "core/plan/PlanTotals.h"
#include "core/plan/PriceWatch.h"

#include <QCommandLineParser>

namespace gpuplanner::cli {

using namespace gpuplanner::core;

namespace {

constexpr int ExitAlert = 3;

// "5%", "5 %" or "0.05" -> 0.05.
std::optional<double> shareValue(QString text)
{
    text = text.trimmed();
    const bool percent = text.endsWith(u'%');
    if (percent)
        text.chop(1);
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    if (!ok || v < 0)
        return std::nullopt;
    const double share = percent || v >= 1 ? v / 100.0 : v;
    return share < 1 ? std::optional<double>(share) : std::nullopt;
}

} // namespace

int runWatch(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Plan each saved scenario again on the catalog as it is now and hold it against the plan it recorded "
        "(plan --record, or Save in the desktop): say which got cheaper or dearer than the threshold, or reached "
        "the target. Exit 3 when any did."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("catalog"), QStringLiteral("Catalog database file."), QStringLiteral("PATH")});
    parser.addOption({QStringLiteral("threshold"), QStringLiteral("Change of the main run's cost that is news (default 5%)."),
                      QStringLiteral("SHARE"), QStringLiteral("5%")});
    parser.addOption({QStringLiteral("target"),
                      QStringLiteral("Say when the main run costs this much or less (in the scenario's display currency)."),
                      QStringLiteral("AMOUNT")});
    parser.addPositionalArgument(QStringLiteral("watch FILE..."), QStringLiteral("The command and saved scenarios."));
    if (!parser.parse(arguments)) {
        err << "gpu-planner-cli watch: " << parser.errorText() << '\n';
        return ExitUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        out << parser.helpText();
        return ExitOk;
    }
    const QStringList files = parser.positionalArguments().mid(1);
    if (files.isEmpty()) {
        err << "gpu-planner-cli watch: missing FILE (a scenario saved with its plan's record)\n";
        return ExitUsage;
    }
    WatchRule rule;
    if (const auto share = shareValue(parser.value(QStringLiteral("threshold"))))
        rule.threshold = *share;
    else {
        err << "gpu-planner-cli watch: --threshold: " << quoteValue(parser.value(QStringLiteral("threshold")))
            << " is not a share such as 5% or 0.05\n";
        return ExitUsage;
    }
    if (parser.isSet(QStringLiteral("target"))) {
        bool ok = false;
        const double target = parser.value(QStringLiteral("target")).toDouble(&ok);
        if (!ok || target <= 0) {
            err << "gpu-planner-cli watch: --target: " << quoteValue(parser.value(QStringLiteral("target")))
                << " is not a positive amount\n";
            return ExitUsage;
        }
        rule.target = target;
    }

    bool alerted = false;
    for (const QString &file : files) {
        auto then = recordedPlan(file);
        if (!then) {
            err << "gpu-planner-cli watch: " << then.errorMessage() << '\n';
            return ExitData;
        }
        auto prepared = preparePlan(file, parser.value(QStringLiteral("catalog")));
        if (!prepared) {
            err << "gpu-planner-cli watch: " << prepared.errorMessage() << '\n';
            return ExitData;
        }
        PreparedPlan &p = *prepared.value();
        const auto timeline = p.scenario.phases.isEmpty() ? Result<Timeline>(Error{QString()}) : projectTimeline(p);
        const PlanTotals totals = planTotals(p.planner, p.request, timeline ? &timeline.value() : nullptr);
        const PlanSince since = comparePlan(then.value(), planFacts(p.planner, p.request, totals));
        const QString name = p.scenario.name.isEmpty() ? file : p.scenario.name;
        if (const auto alert = watchAlert(name, since, rule, p.request.displayCurrency)) {
            alerted = true;
            out << file << ": " << alert->text << '\n';
        } else {
            out << file << ": " << QStringLiteral("no change of %1% or more since %2 (%3 now).")
                                     .arg(rule.threshold * 100.0, 0, 'g', 3)
                                     .arg(then.value().plannedAt.toString(QStringLiteral("yyyy-MM-dd")),
                                          formatMoney(since.costNow, p.request.displayCurrency))
                << '\n';
        }
    }
    return alerted ? ExitAlert : ExitOk;
}

} // namespace gpuplanner::cli
