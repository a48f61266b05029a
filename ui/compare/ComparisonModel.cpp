#include "ui/compare/ComparisonModel.h"

#include "core/plan/PlanExplain.h"
#include "ui/catalog/BillingNames.h"

#include <QFont>
#include <QGuiApplication>
#include <QPalette>

namespace gpuplanner::ui {

ComparisonModel::ComparisonModel(QObject *parent) : QAbstractTableModel(parent) {}

void ComparisonModel::setSnapshot(PlanSnapshotPtr snapshot)
{
    beginResetModel();
    if (snapshot && !snapshot->indexed()) {
        // A snapshot not made by PlanRunner (tests, a report): index it here.
        auto indexed = std::make_shared<PlanSnapshot>(*snapshot);
        indexOptions(*indexed);
        snapshot = std::move(indexed);
    }
    m_snapshot = std::move(snapshot);
    endResetModel();
}

const core::PlanOption *ComparisonModel::option(int row) const
{
    if (!m_snapshot || row < 0 || size_t(row) >= m_snapshot->result.options.size())
        return nullptr;
    return &m_snapshot->result.options[size_t(row)];
}

int ComparisonModel::rowOfId(const QString &id) const
{
    return m_snapshot ? m_snapshot->rowOfId(id) : -1;
}

int ComparisonModel::recommendedRow() const
{
    return m_snapshot ? m_snapshot->result.recommended : -1;
}

int ComparisonModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_snapshot ? 0 : int(m_snapshot->result.options.size());
}

int ComparisonModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

int ComparisonModel::rankOf(const PlanSnapshot &snapshot, int row)
{
    const int usable = snapshot.result.usable;
    const int recommended = snapshot.result.recommended;
    if (row < 0 || row >= usable)
        return 0;
    if (recommended < 0 || recommended >= usable || row > recommended)
        return row + 1;
    return row == recommended ? 1 : row + 2;
}

QList<int> ComparisonModel::rankedRows(const PlanSnapshot &snapshot, int limit)
{
    QList<int> rows;
    const int usable = snapshot.result.usable;
    const int recommended = snapshot.result.recommended;
    if (recommended >= 0 && recommended < usable)
        rows.append(recommended);
    for (int i = 0; i < usable && rows.size() < limit; ++i) {
        if (i != recommended)
            rows.append(i);
    }
    return rows.mid(0, limit);
}

QString ComparisonModel::columnTitle(int column)
{
    switch (Column(column)) {
    case Rank: return tr("#");
    case Provider: return tr("Provider");
    case Instance: return tr("Instance");
    case Gpus: return tr("GPUs");
    case Region: return tr("Region");
    case Billing: return tr("Billing");
    case PricePerHour: return tr("Price / h");
    case Time: return tr("Time");
    case GpuHours: return tr("GPU-hours");
    case Cost: return tr("Cost");
    case CostP90: return tr("P90 cost");
    case Fits: return tr("Fits");
    case Bottleneck: return tr("Bottleneck");
    case Commitment: return tr("Commitment");
    case Instances: return tr("Instances");
    case Interconnect: return tr("Interconnect");
    case TimeP90: return tr("Time P90");
    case MeetsDeadline: return tr("P(deadline)");
    case CostPerMillionTokens: return tr("Per M output tokens");
    case BestCaseGpuHours: return tr("Best-case GPU-hours");
    case ColumnCount: break;
    }
    return {};
}

QString ComparisonModel::bottleneckText(core::Bottleneck b)
{
    switch (b) {
    case core::Bottleneck::Compute: return tr("compute");
    case core::Bottleneck::MemoryBandwidth: return tr("memory bandwidth");
    case core::Bottleneck::Interconnect: return tr("interconnect");
    case core::Bottleneck::Network: return tr("network");
    case core::Bottleneck::MemoryCapacity: return tr("memory capacity");
    case core::Bottleneck::HostData: return tr("host data pipeline");
    }
    return {};
}

QString ComparisonModel::issueText(const core::PlanOption &o)
{
    if (o.usable())
        return tr("yes");
    switch (o.issue) {
    case core::OptionIssue::TooManyGpus: return tr("no: needs more GPUs than allowed");
    case core::OptionIssue::NeedsRdma: return tr("no: multi-node without RDMA");
    case core::OptionIssue::NoFxRate: return tr("no: no FX rate for its currency");
    case core::OptionIssue::TooManyInterruptions: return tr("no: more interruptions than tolerated");
    case core::OptionIssue::SuspectPrice: return tr("no: suspect price");
    case core::OptionIssue::TooLongForBlock: return tr("no: longer than a capacity block");
    case core::OptionIssue::OversizedForJob: return tr("no: more GPUs than the job can use");
    case core::OptionIssue::DoesNotFit:
    case core::OptionIssue::None: break;
    }
    switch (o.problem) {
    case core::FitProblem::MemoryCapacity: return tr("no: out of GPU memory");
    case core::FitProblem::NoComputeSpecs: return tr("no: GPU has no published peak");
    case core::FitProblem::MissingInput: return tr("no: workload incomplete");
    case core::FitProblem::ReplicaTooWide: return tr("no: replica wider than NVLink domain");
    case core::FitProblem::LatencyUnreachable: return tr("no: latency target unreachable");
    case core::FitProblem::BatchTooSmall: return tr("no: batch smaller than data-parallel width");
    case core::FitProblem::LayoutMismatch: return tr("no: layout set does not fit these GPUs");
    case core::FitProblem::None: break;
    }
    return tr("no");
}

QString ComparisonModel::interruptionTip(const core::PlanOption &o) const
{
    const core::Offer &offer = m_snapshot->offer(o);
    if (const core::InterruptionRule *rule = m_snapshot->request.assumptions.interruptions.match(offer.provider, offer.instanceType))
        return tr("Interrupted about %1 a month: the scenario's figure (%2).").arg(core::percentText(o.interruptionRate), rule->source);
    if (o.interruptionPublished)
        return tr("Interrupted %1 a month, as %2 publishes it.").arg(offer.interruptionBucket, offer.interruptionSource);
    return tr("Interrupted about %1 a month: a default, the provider publishes no figure.").arg(core::percentText(o.interruptionRate));
}

QString ComparisonModel::compactNumber(double value)
{
    if (value >= 1e6)
        return tr("%1M").arg(QLocale().toString(value / 1e6, 'f', value >= 1e7 ? 0 : 1));
    if (value >= 1e3)
        return tr("%1k").arg(QLocale().toString(value / 1e3, 'f', value >= 1e4 ? 0 : 1));
    return QLocale().toString(value, 'f', 0);
}

bool ComparisonModel::serving(const PlanSnapshot &s)
{
    return s.request.workload.kind == core::WorkloadKind::Inference;
}

QString ComparisonModel::gpuHoursTip(const core::PlanOption &o)
{
    const QString best = tr("Best case: %1 GPU-hours in %2, a tuned stack with no incidents.")
                             .arg(QLocale().toString(o.gpuHoursTuned(), 'f', 0), core::durationText(o.tunedHours));
    if (o.rangeLow >= 1.0f && o.rangeHigh <= 1.0f)
        return best;
    return tr("Expected %1 GPU-hours, the figure to budget; P10 %2, P90 %3.").arg(
               QLocale().toString(o.gpuHours, 'f', 0), QLocale().toString(o.gpuHoursP10(), 'f', 0),
               QLocale().toString(o.gpuHoursP90(), 'f', 0))
        + u'\n' + best;
}

QString ComparisonModel::billingText(const core::PlanOption &o)
{
    QString text = BillingNames::billing(o.billing);
    if (o.billing == core::Billing::CapacityBlock)
        return tr("%1, %2 d").arg(text).arg(o.commitmentTerms);
    if (o.termMonths > 0)
        text += tr(" %1 mo, %2").arg(o.termMonths).arg(BillingNames::upfront(core::upfrontId(o.upfront)));
    return text;
}

QVariant ComparisonModel::display(const PlanSnapshot &s, const core::PlanOption &o, int column)
{
    const core::Offer &offer = s.offer(o);
    const QString &currency = s.request.displayCurrency;
    switch (Column(column)) {
    case Rank: return {}; // needs the row: data() answers it
    case Provider: return offer.providerLabel();
    case Instance: return offer.suspect() ? QStringLiteral("\u26a0 ") + offer.instanceType : offer.instanceType;
    case Gpus:
        return o.instances > 1 ? tr("%1 × %2 %3").arg(o.instances).arg(offer.gpuCount).arg(offer.gpu)
                               : tr("%1 %2").arg(offer.gpuCount).arg(offer.gpu);
    case Region: return offer.region;
    case Billing:
        // A spot row at 15 % a month reads differently from one at 90 %: the rate is on the row,
        // the provider's bucket when it publishes one, a default said as such.
        if (o.billing != core::Billing::Spot)
            return billingText(o);
        return tr("%1 %2").arg(billingText(o), o.interruptionPublished && !offer.interruptionBucket.isEmpty()
                                                   ? offer.interruptionBucket
                                                   : core::percentText(o.interruptionRate));
    case PricePerHour:
        // A price over six months old says so where it is read.
        return core::staleNote(offer, s.request, o).isEmpty() ? core::formatMoney(o.pricePerHour, currency)
                                                : QStringLiteral("\u25f7 ") + core::formatMoney(o.pricePerHour, currency);
    case Time: return o.fits ? core::durationText(o.timeP50 > 0 ? o.timeP50 : o.hours) : QString();
    case GpuHours:
        if (!o.fits)
            return QString();
        // Training: the expected campaign with its P10-P90 (the best case is in the tooltip and its column).
        if (o.rangeLow < 1.0f || o.rangeHigh > 1.0f)
            return tr("%1 (%2–%3)").arg(QLocale().toString(o.gpuHours, 'f', 0), compactNumber(o.gpuHoursP10()),
                                         compactNumber(o.gpuHoursP90()));
        return QLocale().toString(o.gpuHours, 'f', 0);
    case BestCaseGpuHours:
        return o.fits && o.tunedHours > 0 && !serving(s) ? QLocale().toString(o.gpuHoursTuned(), 'f', 0) : QString();
    case Cost: return o.fits ? core::formatMoney(o.cost, currency) : QString();
    case CostP90: return o.fits ? core::formatMoney(o.costP90, currency) : QString();
    case Fits: return issueText(o);
    case Bottleneck: return o.fits ? bottleneckText(o.bottleneck) : QString();
    case Commitment:
        if (!core::isCommitment(o.billing) || !o.fits)
            return QString();
        return o.commitmentUpfront > 0
            ? tr("%1 (upfront %2)").arg(core::formatMoney(o.commitmentTotal, currency),
                                        core::formatMoney(o.commitmentUpfront * o.instances, currency))
            : core::formatMoney(o.commitmentTotal, currency);
    case Instances: return o.fits ? QVariant(o.instances) : QVariant();
    case Interconnect: {
        const QString rdma = offer.rdma == core::RdmaKind::None ? tr("no RDMA") : core::rdmaId(offer.rdma);
        return offer.interconnect.isEmpty() ? rdma : tr("%1; %2").arg(offer.interconnect, rdma);
    }
    case TimeP90: return o.fits ? core::durationText(o.timeP90 > 0 ? o.timeP90 : o.hours) : QString();
    case MeetsDeadline:
        return o.fits && s.request.constraints.deadlineHours > 0 ? core::percentText(o.pMeetDeadline) : QString();
    case CostPerMillionTokens:
        return o.fits && o.costPerMillionOutputTokens > 0 ? core::formatMoney(o.costPerMillionOutputTokens, currency)
                                                          : QString();
    case ColumnCount: break;
    }
    return {};
}

std::optional<double> ComparisonModel::numericSortValue(const PlanSnapshot &s, int row, int column)
{
    if (row < 0 || std::size_t(row) >= s.result.options.size())
        return std::nullopt;
    const core::PlanOption *o = &s.result.options[std::size_t(row)];
    // Options that cannot run sort after every usable one on the numeric columns.
    const double never = o->fits ? 0 : 1e300;
    switch (Column(column)) {
    case Rank: {
        // Options that cannot run follow every ranked one, in the plan's order.
        const int rank = rankOf(s, row);
        return rank > 0 ? rank : int(s.result.options.size()) + row + 1;
    }
    case Gpus: return o->gpus > 0 ? o->gpus : s.offer(*o).gpuCount;
    case PricePerHour: return o->pricePerHour;
    case Time: return never + o->hours;
    case GpuHours: return never + o->gpuHours;
    case BestCaseGpuHours: return never + o->gpuHoursTuned();
    case Cost: return never + o->cost;
    case CostP90: return never + o->costP90;
    case Commitment: return core::isCommitment(o->billing) ? o->commitmentTotal : 1e300;
    case Instances: return never + o->instances;
    case TimeP90: return never + (o->timeP90 > 0 ? o->timeP90 : o->hours);
    case MeetsDeadline: return o->fits ? -o->pMeetDeadline : 1.0; // most likely first
    case CostPerMillionTokens: return o->costPerMillionOutputTokens > 0 ? never + o->costPerMillionOutputTokens : 1e300;
    case Fits: return row; // the plan's own order: usable and ranked first
    default: return std::nullopt;
    }
}

QVariant ComparisonModel::sortValue(const core::PlanOption &o, int column, int row) const
{
    if (const auto number = numericSortValue(*m_snapshot, row, column))
        return *number;
    return display(*m_snapshot, o, column);
}

QVariant ComparisonModel::data(const QModelIndex &index, int role) const
{
    const core::PlanOption *o = index.isValid() ? option(index.row()) : nullptr;
    if (!o)
        return {};
    const bool recommended = index.row() == m_snapshot->result.recommended;
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == Rank) {
            const int rank = rankOf(*m_snapshot, index.row());
            return rank > 0 ? QVariant(rank) : QVariant(QStringLiteral("–"));
        }
        return display(*m_snapshot, *o, index.column());
    case SortRole: return sortValue(*o, index.column(), index.row());
    case OptionIdRole: return m_snapshot->optionIdOfRow(index.row());
    case RecommendedRole: return recommended;
    case ParetoRole: return o->pareto;
    case UsableRole: return o->usable();
    case ProviderRole: return m_snapshot->offer(*o).provider;
    case BillingRole: return int(o->billing);
    case RankRole: return rankOf(*m_snapshot, index.row());
    case Qt::TextAlignmentRole:
        if ((index.column() >= PricePerHour && index.column() <= CostP90) || index.column() == Rank
            || index.column() == Commitment || index.column() == Instances || index.column() == TimeP90
            || index.column() == MeetsDeadline || index.column() == CostPerMillionTokens
            || index.column() == BestCaseGpuHours)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::FontRole:
        if (recommended) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::BackgroundRole:
        if (recommended) {
            // A tint of the palette's highlight reads in light and dark themes alike.
            QColor c = QGuiApplication::palette().color(QPalette::Highlight);
            c.setAlpha(70);
            return c;
        }
        return {};
    case Qt::ForegroundRole:
        if (!o->usable())
            return QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text);
        return {};
    case Qt::ToolTipRole:
        if ((index.column() == GpuHours || index.column() == BestCaseGpuHours) && o->fits && o->tunedHours > 0
            && !serving(*m_snapshot))
            return gpuHoursTip(*o);
        if (recommended)
            return tr("Recommended: %1").arg(m_snapshot->recommendation);
        if (index.column() == Fits)
            return issueText(*o);
        if (index.column() == Commitment && core::isCommitment(o->billing))
            return tr("Paid for every hour of the term(s), used or not. Price: %1")
                .arg(core::commitmentSourceText(m_snapshot->offer(*o), m_snapshot->request, *o));
        if (index.column() == Billing && o->billing == core::Billing::Spot)
            return interruptionTip(*o);
        if (index.column() == PricePerHour) {
            const QString stale = core::staleNote(m_snapshot->offer(*o), m_snapshot->request, *o);
            return stale.isEmpty() ? QVariant() : QVariant(stale);
        }
        if (index.column() == Instance && m_snapshot->offer(*o).suspect())
            return tr("%1\nSuspect price:\n%2").arg(m_snapshot->offer(*o).instanceType,
                                                     m_snapshot->offer(*o).suspectReasons.join(u'\n'));
        if (index.column() == Instance)
            return m_snapshot->offer(*o).instanceType; // whole where the column elides it
        return {};
    default: return {};
    }
}

QVariant ComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole)
        return columnTitle(section);
    if (role == Qt::ToolTipRole && (section == Cost || section == CostP90) && m_snapshot)
        return tr("In %1; expected cost, and the cost not exceeded with 90% probability (spot risk)")
            .arg(m_snapshot->request.displayCurrency);
    return {};
}

} // namespace gpuplanner::ui
