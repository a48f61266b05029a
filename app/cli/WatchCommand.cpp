#include "WatchCommand.h"

#include "Cli.h"
#include "PreparedPlan.h"

#include "core/common/Redact.h"
#include "core/plan/InputLimits.h"
#include "core/plan/PlanRecord.h"
#include "core/plan/PlanTotals.h"
#include "core/plan/PriceWatch.h"

#include <QCommandLineParser>

#include <cmath>

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

// A target is money like a budget: the same range as a scenario's budget (InputLimits). "nan"
// and "inf" read as numbers, so finiteness is checked, not only the sign.
std::optional<double> targetAmount(const QString &text)
{
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    const InputRange range = inputRange(u"budget");
    if (!ok || !std::isfinite(v) || v <= 0 || v > range.max)
        return std::nullopt;
    return v;
}

// One saved scenario planned again and held against its record: true when it raised an alert.
// An error names the file; the caller goes on with the other files.
Result<bool> watchFile(const QString &file, const QString &catalog, const WatchRule &rule, QTextStream &out)
{
    auto then = recordedPlan(file);
    if (!then)
        return then.error();
    auto prepared = preparePlan(file, catalog);
    if (!prepared)
        return prepared.error();
    PreparedPlan &p = *prepared.value();
    const auto timeline = p.scenario.phases.isEmpty() ? Result<Timeline>(Error{QString()}) : projectTimeline(p);
    const PlanTotals totals = planTotals(p.planner, p.request, timeline ? &timeline.value() : nullptr);
    const PlanSince since = comparePlan(then.value(), planFacts(p.planner, p.request, totals));
    const QString name = p.scenario.name.isEmpty() ? file : p.scenario.name;
    if (const auto alert = watchAlert(name, since, rule, p.request.displayCurrency)) {
        out << file << ": " << alert->text << '\n';
        return true;
    }
    out << file << ": " << QStringLiteral("no change of %1% or more since %2 (%3 now).")
                             .arg(rule.threshold * 100.0, 0, 'g', 3)
                             .arg(then.value().plannedAt.toString(QStringLiteral("yyyy-MM-dd")),
                                  formatMoney(since.costNow, p.request.displayCurrency))
        << '\n';
    return false;
}

} // namespace

int runWatch(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Plan each saved scenario again on the catalog as it is now and hold it against the plan it recorded "
        "(plan --record, or Save in the desktop): say which got cheaper or dearer than the threshold, or reached "
        "the target. Exit 3 when any did; exit 2 when a file could not be read (the others are still watched)."));
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
        const QString text = parser.value(QStringLiteral("target"));
        const auto target = targetAmount(text);
        if (!target) {
            err << "gpu-planner-cli watch: --target: " << quoteValue(text) << " is not an amount above 0 and up to "
                << QString::number(inputRange(u"budget").max, 'g', 12) << " (in the scenario's display currency)\n";
            return ExitUsage;
        }
        rule.target = *target;
    }

    // One damaged or unreadable file must not hide the alerts of the others (a cron job watches
    // them all): it is reported and skipped, and the exit status says so.
    bool alerted = false;
    QStringList unread;
    for (const QString &file : files) {
        const auto result = watchFile(file, parser.value(QStringLiteral("catalog")), rule, out);
        if (!result) {
            // Catalog errors name the catalog, not the scenario: say which file they stopped.
            const QString why = result.errorMessage();
            err << "gpu-planner-cli watch: " << (why.startsWith(file) ? why : file + QStringLiteral(": ") + why) << '\n';
            unread << file;
            continue;
        }
        alerted = alerted || result.value();
    }
    if (!unread.isEmpty()) {
        err << "gpu-planner-cli watch: " << unread.size() << " of " << files.size()
            << " file(s) could not be watched: " << unread.join(QStringLiteral(", ")) << '\n';
        return ExitData;
    }
    return alerted ? ExitAlert : ExitOk;
}

} // namespace gpuplanner::cli
