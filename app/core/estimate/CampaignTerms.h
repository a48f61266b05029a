#pragma once
// CampaignTerms: what a team can say about a pre-training campaign before the run, the default
// each takes when unsaid (what a typical user sees), and the published value each starts from.
// Sources: ../shared/docs/campaign-overhead.md (copied figures cited below).

#include "core/estimate/Workload.h"

#include <QString>

namespace gpuplanner::core {

// The defaults: a team that has not run this stack at this scale, restarts by hand, and has not
// trained this architecture at a quarter of this size. They match the published campaigns whose
// reports do not say (campaign-overhead.md section 9: "Defaults should match rows that lack the
// information: generic stack, no automation").
inline constexpr StackMaturity kDefaultStack = StackMaturity::Generic;
inline constexpr FailureHandling kDefaultFailureHandling = FailureHandling::Manual;
inline constexpr FirstRun kDefaultFirstRun = FirstRun::Yes;
inline constexpr double kDefaultSpareCapacityPercent = 0.0;

StackMaturity stackOf(const CampaignTerms &t);
FailureHandling failureHandlingOf(const CampaignTerms &t);
FirstRun firstRunOf(const CampaignTerms &t);
double spareCapacityPercentOf(const CampaignTerms &t);

// Published values (log factor on GPU-hours) the fit shrinks each coefficient towards:
// generic stack: steady-state MFU x 0.75 (OPT, GLM-130B, BLOOM at 32-36 % against LLaMA-65B and
// Falcon-180B at ~48 %; MegaScale 1.34x Megatron-LM, NSDI'24; MLPerf Training v4.0 software-only
// 1/1.27 = 0.79): log(1 / 0.75).
inline constexpr double kPriorGenericStackLog = 0.287682;
// manual failure handling: effective training time 0.75 (OPT ~0.59, GLM-130B ~0.82, BLOOM ~0.87)
// against 0.93 with automated detection and restart (Llama 3 > 0.90, ByteRobust 0.97, Gemini
// 0.97): log(0.93 / 0.75).
inline constexpr double kPriorManualFailureLog = 0.215111;
// first run: +10 % of wall-clock (5-15 %: OPT ~10 %, GLM-130B ~7 % lost to divergence and rewinds):
// log(1.10).
inline constexpr double kPriorFirstRunLog = 0.095310;

// The stack as typed in a scenario file or on the command line: "tuned", "generic", or a measured
// MFU "mfu=0.42" (or "mfu=42%"), above 0 and at most 1. False when the text is none of them.
bool parseStack(QStringView text, StackMaturity &stack, double &measuredMfu);
// The stack as parseStack reads it ("mfu=0.42" for a measured one); empty for the default.
QString stackText(const CampaignTerms &t);

// Stable ids (scenario files, CLI and JSON) and labels.
QString stackId(StackMaturity s);           // tuned, generic, measured
QString failureHandlingId(FailureHandling f); // automatic, manual
QString firstRunId(FirstRun f);             // yes, no

} // namespace gpuplanner::core
