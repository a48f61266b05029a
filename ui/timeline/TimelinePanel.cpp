#include "ui/timeline/TimelinePanel.h"

#include "core/cost/Money.h"
#include "ui/charts/ChartStyle.h"
#include "ui/charts/SeriesLegend.h"
#include "ui/charts/TimelineCharts.h"
#include "ui/scenario/ScenarioDocument.h"
#include "ui/timeline/PhasesModel.h"

#include <QJsonObject>
#include <QSignalBlocker>

#include <QComboBox>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QShowEvent>
#include <QVBoxLayout>

#include <utility>

namespace gpuplanner::ui {

namespace {

// The load column offers its three kinds instead of asking for an id.
class LoadDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &, const QModelIndex &) const override
    {
        auto *combo = new QComboBox(parent);
        for (const QString &id : PhasesModel::loadIds())
            combo->addItem(PhasesModel::loadText(id), id);
        return combo;
    }
    void setEditorData(QWidget *editor, const QModelIndex &index) const override
    {
        auto *combo = static_cast<QComboBox *>(editor);
        combo->setCurrentIndex(std::max(0, combo->findData(index.data(Qt::EditRole))));
    }
    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override
    {
        model->setData(index, static_cast<QComboBox *>(editor)->currentData());
    }
};

} // namespace

TimelinePanel::TimelinePanel(ScenarioDocument *doc, QWidget *parent)
    : QWidget(parent), m_phases(new PhasesModel(doc, this)), m_view(new QTableView(this)),
      m_monthly(new TimelineChart(tr("Cost per month"), TimelineChart::Style::Bars, this)),
      m_cumulative(new TimelineChart(tr("Cumulative cost"), TimelineChart::Style::Lines, this)),
      m_ownership(new OwnershipChart(this)), m_actuals(new ActualsChart(this)), m_actualsSummary(new QLabel(this)),
      m_legend(new SeriesLegend(this)), m_notes(new QLabel(this)), m_pricedOn(new QComboBox(this)), m_doc(doc)
{
    m_view->setModel(m_phases);
    m_view->setItemDelegateForColumn(PhasesModel::Load, new LoadDelegate(m_view));
    m_view->verticalHeader()->setVisible(false);
    // Every column as wide as its text; the phase name takes what is left.
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(PhasesModel::Name, QHeaderView::Stretch);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setToolTip(tr("Project phases: when each starts, how long it lasts and what it uses. Double-click to edit."));
    auto *add = new QPushButton(tr("A&dd phase"), this);
    add->setToolTip(tr("Add a phase after the last one."));
    auto *remove = new QPushButton(tr("Remo&ve phase"), this);
    remove->setToolTip(tr("Remove the selected phase."));
    connect(add, &QPushButton::clicked, this, [this] { m_phases->addPhase(); });
    connect(remove, &QPushButton::clicked, this, [this] {
        const QModelIndex current = m_view->currentIndex();
        if (current.isValid())
            m_phases->removePhase(current.row());
    });
    m_notes->setObjectName(QStringLiteral("timelineNotes"));
    m_notes->setWordWrap(true);
    m_notes->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);

    // Commitments (a subscription, a reserved term, a negotiated quote) are compared on the
    // instance chosen here: the recommendation by default, or any instance of the plan.
    m_pricedOn->setObjectName(QStringLiteral("timelinePricedOn"));
    m_pricedOn->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_pricedOn->setMinimumContentsLength(24);
    m_pricedOn->setToolTip(tr("The instance whose subscriptions, reserved terms and negotiated quotes the Timeline "
                              "compares with all on-demand. Instances with commitment prices are listed first."));
    connect(m_pricedOn, qOverload<int>(&QComboBox::activated), this, [this](int index) {
        const QJsonValue chosen = m_pricedOn->itemData(index).toJsonValue();
        m_doc->setValue(QStringLiteral("timeline_instance"), chosen.isObject() ? chosen : QJsonValue(QJsonValue::Undefined));
    });

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    auto *pricedOnLabel = new QLabel(tr("Co&mmitments priced on:"), left);
    pricedOnLabel->setBuddy(m_pricedOn);
    auto *pricedOnRow = new QHBoxLayout;
    pricedOnRow->addWidget(pricedOnLabel);
    pricedOnRow->addWidget(m_pricedOn, 1);
    leftLayout->addLayout(pricedOnRow);
    auto *title = new QLabel(tr("Pha&ses"), left);
    title->setBuddy(m_view);
    leftLayout->addWidget(title);
    leftLayout->addWidget(m_view, 1);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch();
    leftLayout->addLayout(buttons);
    leftLayout->addWidget(m_notes);

    auto *charts = new QWidget(this);
    auto *grid = new QGridLayout(charts);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(m_legend, 0, 0, 1, 2);
    grid->addWidget(m_monthly, 1, 0);
    grid->addWidget(m_cumulative, 1, 1);
    grid->addWidget(m_ownership, 2, 0, 1, 2);
    // Imported billing exports of the scenario's project (Catalog > Actual spend): shown only
    // then, beside the ownership chart (showActuals moves them).
    grid->addWidget(m_actualsSummary, 3, 0, 1, 2);
    grid->setRowStretch(1, 1);
    grid->setRowStretch(2, 1);
    m_grid = grid;
    m_actualsSummary->setWordWrap(true);
    m_actualsSummary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_actuals->hide();
    m_actualsSummary->hide();

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(left);
    splitter->addWidget(charts);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({540, 860});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);
}

void TimelinePanel::setSnapshot(const PlanSnapshotPtr &snapshot)
{
    m_pending = snapshot;
    if (isVisible()) {
        m_pending.reset();
        showPlan(*snapshot);
    }
}

void TimelinePanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (const PlanSnapshotPtr pending = std::exchange(m_pending, nullptr))
        showPlan(*pending);
}

void TimelinePanel::showChoices(const PlanSnapshot &s)
{
    const QSignalBlocker block(m_pricedOn);
    m_pricedOn->clear();
    m_pricedOn->addItem(tr("The recommended instance"), QJsonValue(QJsonValue::Undefined).toVariant());
    const core::TimelineInstance &want = s.scenario.timelineInstance;
    int current = 0;
    for (const core::TimelineChoice &c : s.timelineChoices) {
        const QJsonObject data{{QStringLiteral("provider"), c.instance.provider},
                               {QStringLiteral("instance"), c.instance.instanceType},
                               {QStringLiteral("region"), c.instance.region}};
        const QString text = c.commitmentTerms > 0
            ? tr("%1 (%n commitment term(s))", nullptr, c.commitmentTerms).arg(c.label)
            : tr("%1 (on-demand only)").arg(c.label);
        m_pricedOn->addItem(text, QVariant::fromValue(QJsonValue(data)));
        if (c.instance == want)
            current = m_pricedOn->count() - 1;
    }
    // A chosen instance no longer in the plan (a changed constraint) stays visible as chosen, so the
    // error the Timeline shows can be undone here.
    if (want.isSet() && current == 0) {
        m_pricedOn->addItem(tr("%1 %2 in %3 (not in this plan)").arg(want.provider, want.instanceType, want.region),
                            QVariant::fromValue(QJsonValue(QJsonObject{{QStringLiteral("provider"), want.provider},
                                                                       {QStringLiteral("instance"), want.instanceType},
                                                                       {QStringLiteral("region"), want.region}})));
        current = m_pricedOn->count() - 1;
    }
    m_pricedOn->setCurrentIndex(current);
}

void TimelinePanel::showPlan(const PlanSnapshot &s)
{
    showChoices(s);
    const QString &currency = s.request.displayCurrency;
    if (!s.timeline) {
        m_monthly->setSeries({}, {}, 0, currency);
        m_cumulative->setSeries({}, {}, 0, currency);
        m_legend->setEntries({}, {});
        m_ownership->clear(tr("Cloud against owning: no timeline"));
        m_notes->setText(s.error.isEmpty() ? s.timelineError : s.error);
        showActuals(s);
        return;
    }
    showActuals(s);
    const core::Timeline &t = *s.timeline;
    QList<LineSeriesData> monthly;
    QList<LineSeriesData> cumulative;
    QStringList notes;
    for (const QString &line : core::planTotalsLines(s.totals))
        notes << line.toHtmlEscaped();
    QStringList names;
    for (const core::StrategySeries &st : t.strategies) {
        names << st.name;
        monthly.append({st.id, st.name, st.monthly, -1});
        cumulative.append({st.id, st.name, st.cumulative, st.breakEvenMonth});
        QString line = tr("<b>%1</b>: %2").arg(st.name.toHtmlEscaped(), core::formatMoney(st.total, currency));
        if (st.breakEvenMonth >= 0 && st.id != u"on_demand")
            line += tr(", breaks even in %1").arg(t.months.value(st.breakEvenMonth));
        if (!st.note.isEmpty())
            line += QStringLiteral(" — ") + st.note.toHtmlEscaped();
        notes << line;
    }
    for (const QString &n : t.notes)
        notes << n.toHtmlEscaped();
    m_monthly->setSeries(t.months, monthly, 0, currency);
    m_cumulative->setSeries(t.months, cumulative, s.scenario.constraints.budget, currency);
    QStringList ids;
    for (const core::StrategySeries &st : t.strategies)
        ids << st.id;
    m_legend->setEntries(names, charts::strategyColors(ids, palette()),
                         s.scenario.constraints.budget > 0 ? tr("Budget (cumulative)") : QString());
    m_notes->setText(notes.join(QStringLiteral("<br>")));
    if (t.ownership && s.rates) {
        const core::OwnershipCost &own = *t.ownership;
        const double gpuHours = std::max(1, s.scenario.ownership.gpus) * core::kHoursPerMonth;
        QList<QPointF> curve;
        for (int u = 5; u <= 100; u += 5) {
            const double share = u / 100.0;
            curve.append({share, own.fixedPerMonth / (gpuHours * share) + own.powerPerGpuHour});
        }
        m_ownership->setData(curve, s.rates->onDemandPerGpuHour, own.breakEvenUtilization,
                             s.scenario.ownership.utilization, currency);
    } else {
        m_ownership->clear(tr("Cloud against owning: add ownership figures to the scenario to compare"));
    }
}

void TimelinePanel::showActuals(const PlanSnapshot &s)
{
    const bool shown = s.actuals.has_value() || !s.actualsError.isEmpty();
    m_grid->removeWidget(m_ownership);
    m_grid->removeWidget(m_actuals);
    if (s.actuals) {
        m_grid->addWidget(m_ownership, 2, 0);
        m_grid->addWidget(m_actuals, 2, 1);
    } else {
        m_grid->addWidget(m_ownership, 2, 0, 1, 2);
    }
    m_actuals->setVisible(s.actuals.has_value());
    m_actualsSummary->setVisible(shown);
    if (!s.actuals) {
        m_actuals->clear();
        m_actualsSummary->setText(s.actualsError.toHtmlEscaped());
        return;
    }
    const core::PlanActuals &a = *s.actuals;
    const QString &currency = s.request.displayCurrency;
    m_actuals->setData(a, currency);
    QStringList lines;
    const int last = a.monthsWithActuals - 1;
    lines << tr("<b>Actual spend</b> (project \u201c%1\u201d, before tax, against %6): %2 to %3 against %4 planned; "
                "variance %5")
                 .arg(s.scenario.project.toHtmlEscaped(), core::formatMoney(a.actualCumulative[std::size_t(last)], currency),
                      a.months.value(last), core::formatMoney(a.plannedCumulative[std::size_t(last)], currency),
                      core::formatMoney(a.actualCumulative[std::size_t(last)] - a.plannedCumulative[std::size_t(last)], currency),
                      a.strategyName.toHtmlEscaped());
    if (a.forecast.available)
        lines << tr("Forecast to the end of the plan: %1 (range %2 to %3) from the last %4 days' burn rate")
                     .arg(core::formatMoney(a.forecast.expectedTotal, currency), core::formatMoney(a.forecast.lowTotal, currency),
                          core::formatMoney(a.forecast.highTotal, currency))
                     .arg(a.forecast.windowDays);
    for (const QString &w : a.warnings)
        lines << tr("<b>Warning:</b> %1").arg(w.toHtmlEscaped());
    for (const QString &n : a.notes)
        lines << n.toHtmlEscaped();
    m_actualsSummary->setText(lines.join(QStringLiteral("<br>")));
}

} // namespace gpuplanner::ui
