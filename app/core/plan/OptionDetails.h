#pragma once
// OptionDetails: everything behind one option of a plan, for the details pane: the layout and
// instances, the hardware and its links, memory per GPU by term, speed and the time split of a
// training step, time, cost and its split, the chance of meeting the deadline and budget, and
// where the price came from with every warning. Computed on demand for the option selected
// (its estimate is re-run, a few microseconds), so any option has it, not only the top ones.

#include "core/calibrate/Calibration.h"
#include "core/catalog/GpuModel.h"
#include "core/catalog/Offer.h"
#include "core/plan/PlanTypes.h"

#include <QList>
#include <QString>

namespace gpuplanner::core {

struct DetailLine
{
    QString label;
    QString value;
};

struct DetailSection
{
    QString title;
    QList<DetailLine> lines;
};

// gpu: the offer's GPU model (nullptr when the catalog lacks it: the estimate sections are left out).
// calibration: what calibrates the GPU's estimates (Planner::calibration), nullptr for none.
// catalog: the offers the plan looked at, to name a fresher comparable price for an old one.
QList<DetailSection> optionDetails(const Offer &offer, const GpuModel *gpu, const PlanRequest &request,
                                   const PlanOption &option, const CalibrationEffect *calibration = nullptr,
                                   const QList<Offer> *catalog = nullptr);

} // namespace gpuplanner::core
