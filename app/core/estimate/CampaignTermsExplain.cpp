// The campaign terms of a pre-training estimate (CampaignTerms.h) in words and JSON: each term's
// value, whether the user stated it or it is the default, where its factor comes from, and its
// effect on the GPU-hours.

#include "core/estimate/Campaign.h"
#include "core/estimate/CampaignTerms.h"
#include "core/estimate/Explain.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>

namespace gpuplanner::core {

namespace {

QString factorText(double f)
{
    return QStringLiteral("x %1").arg(f, 0, 'f', 2);
}

QString statedText(bool stated)
{
    return stated ? QStringLiteral("as you state it") : QStringLiteral("a default; state it if you know");
}

} // namespace

QList<CampaignTermLine> campaignTermLines(const Workload &w, const Estimate &e)
{
    QList<CampaignTermLine> out;
    if (w.kind != WorkloadKind::Pretrain || !e.fits)
        return out;
    const CampaignRange &r = e.campaign;
    const CampaignTerms &t = w.training.campaign;
    const CampaignModel &m = publishedCampaignModel();
    const QString fitted = QStringLiteral("fitted on %1 published campaigns (tests/data/validation-campaigns.csv), "
                                          "starting from %2")
                               .arg(m.rows);
    const bool applied = r.factorApplied;

    CampaignTermLine stack;
    stack.id = QStringLiteral("stack");
    stack.stated = t.stack != StackMaturity::Default && stackOf(t) == t.stack;
    stack.value = stackOf(t) == StackMaturity::Measured ? stackText(t) : stackId(stackOf(t));
    stack.factor = r.stackFactor;
    switch (stackOf(t)) {
    case StackMaturity::Measured:
        stack.source = QStringLiteral("your measured MFU %1 % against the %2 % a tuned stack reaches in this estimate; "
                                      "the range narrows as for a calibration")
                           .arg(t.measuredMfu * 100.0, 0, 'f', 1)
                           .arg(e.mfu * 100.0, 0, 'f', 1);
        break;
    case StackMaturity::Tuned:
        stack.source = QStringLiteral("a stack already run at this scale (Megatron-Core, NeMo, torchtitan, llm-foundry, "
                                      "MaxText class): the estimator's own steady state");
        break;
    default:
        stack.source = fitted.arg(QStringLiteral(
            "x 1.33: generic or first-time stacks ran at 32-36 % MFU (OPT-175B, GLM-130B, BLOOM) against ~48 % "
            "(LLaMA-65B, Falcon-180B); MegaScale 1.34x Megatron-LM (NSDI'24); MLPerf Training v4.0 27 % from software"));
        break;
    }
    out << stack;

    CampaignTermLine failure;
    failure.id = QStringLiteral("failure_handling");
    failure.stated = t.failureHandling != FailureHandling::Default;
    failure.value = failureHandlingId(failureHandlingOf(t));
    failure.factor = r.failureFactor;
    failure.source = failureHandlingOf(t) == FailureHandling::Manual
        ? fitted.arg(QStringLiteral("x 1.24 and counted on wall-clock campaigns only: the share of wall-clock that "
                                    "trains was ~0.59 (OPT-175B), ~0.82 (GLM-130B), ~0.87 (BLOOM) by hand against "
                                    "> 0.90 (Llama 3) and 0.97 (ByteRobust, Gemini) with automated detection and "
                                    "restart"))
        : QStringLiteral("automated detection and restart: the goodput model's restarts only");
    out << failure;

    CampaignTermLine first;
    first.id = QStringLiteral("first_run");
    first.stated = t.firstRun != FirstRun::Default;
    first.value = firstRunId(firstRunOf(t));
    first.factor = r.firstRunFactor;
    first.source = firstRunOf(t) == FirstRun::Yes
        ? fitted.arg(QStringLiteral("x 1.10 and counted on wall-clock campaigns only: divergence, loss spikes and "
                                    "rewinds when a team has not trained this architecture with this stack at a "
                                    "quarter of this size or more (OPT-175B ~10 %, GLM-130B ~7 % of wall-clock)"))
        : QStringLiteral("the team has trained this architecture with this stack at a quarter of this size or more");
    out << first;

    CampaignTermLine spare;
    spare.id = QStringLiteral("spare_capacity");
    spare.stated = t.spareCapacityPercent >= 0;
    spare.value = QStringLiteral("%1 %").arg(spareCapacityPercentOf(t), 0, 'g', 4);
    spare.factor = r.spareFactor;
    spare.source = QStringLiteral("spare GPUs paid for the whole run, on GPU-hours paid, not on the wall time "
                                  "(BLOOM reserved 8.3 % extra, OPT-175B 3-15 %)");
    out << spare;

    if (!applied) {
        // The user's own efficiency or goodput describes the run: only the spares still count.
        for (CampaignTermLine &l : out) {
            if (l.id != u"spare_capacity") {
                l.factor = 1.0;
                l.source = QStringLiteral("not applied: your own efficiency or goodput figure describes the run");
            }
        }
    }
    return out;
}

QStringList campaignTermAssumptions(const Workload &w, const Estimate &e)
{
    QStringList out;
    const QList<CampaignTermLine> lines = campaignTermLines(w, e);
    if (lines.isEmpty())
        return out;
    static const QHash<QString, QString> names = {
        {QStringLiteral("stack"), QStringLiteral("Stack")},
        {QStringLiteral("failure_handling"), QStringLiteral("Failure handling")},
        {QStringLiteral("first_run"), QStringLiteral("First run at this scale")},
        {QStringLiteral("spare_capacity"), QStringLiteral("Spare capacity")},
    };
    for (const CampaignTermLine &l : lines) {
        out << QStringLiteral("%1: %2 (%3), %4 on GPU-hours: %5.")
                   .arg(names.value(l.id), l.value, statedText(l.stated), factorText(l.factor), l.source);
    }
    out << QStringLiteral("Published GPU-hour figures derived from throughput (LLaMA, Llama 2, DeepSeek) cannot show "
                          "restarts or rollbacks, so failure handling and first-run risk are fitted on the wall-clock "
                          "campaigns; your estimate is wall-clock.");
    return out;
}

QJsonArray campaignTermsJson(const Workload &w, const Estimate &e)
{
    QJsonArray out;
    for (const CampaignTermLine &l : campaignTermLines(w, e)) {
        QJsonObject o;
        o.insert(QStringLiteral("term"), l.id);
        o.insert(QStringLiteral("value"), l.value);
        o.insert(QStringLiteral("stated"), l.stated);
        o.insert(QStringLiteral("factor"), l.factor);
        o.insert(QStringLiteral("source"), l.source);
        out.append(o);
    }
    return out;
}

} // namespace gpuplanner::core
