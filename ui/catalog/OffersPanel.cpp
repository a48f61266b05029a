#include "ui/catalog/OffersPanel.h"

#include "ui/catalog/BillingNames.h"
#include "ui/catalog/OffersFilterProxy.h"
#include "ui/catalog/OffersTableModel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSet>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace gpuplanner::ui {

OffersPanel::OffersPanel(QWidget *parent)
    : QWidget(parent), m_model(new OffersTableModel(this)), m_proxy(new OffersFilterProxy(this)),
      m_view(new QTableView(this)), m_gpu(new QComboBox(this)), m_provider(new QComboBox(this)),
      m_billing(new QComboBox(this)), m_term(new QComboBox(this)), m_text(new QLineEdit(this)),
      m_count(new QLabel(this)), m_fractional(new QCheckBox(this))
{
    m_proxy->setSourceModel(m_model);
    m_view->setModel(m_proxy);
    // Tab leaves the table for the next control; the arrow keys move inside it.
    m_view->setTabKeyNavigation(false);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(OffersTableModel::PriceUsd, Qt::AscendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->setAccessibleName(tr("Offers"));
    m_view->verticalHeader()->setVisible(false);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_view->setColumnHidden(OffersTableModel::Geography, true);
    m_view->setColumnHidden(OffersTableModel::Source, true);

    m_gpu->setAccessibleName(tr("GPU filter"));
    m_gpu->setToolTip(tr("Show only offers with this GPU model"));
    m_gpu->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_provider->setAccessibleName(tr("Provider filter"));
    m_provider->setToolTip(tr("Show only offers from this provider"));
    m_provider->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_billing->setAccessibleName(tr("Billing filter"));
    m_billing->setToolTip(tr("Show only offers under this billing model"));
    m_billing->addItem(tr("All billing models"));
    for (core::Billing b : core::kBillings)
        m_billing->addItem(BillingNames::billing(b), core::billingId(b));
    m_term->setAccessibleName(tr("Term filter"));
    m_term->setToolTip(tr("Show only commitments of this term"));
    m_term->addItem(tr("Any term"), 0);
    m_term->addItem(tr("1 year"), 12);
    m_term->addItem(tr("3 years"), 36);
    m_text->setPlaceholderText(tr("Filter by instance type or region…"));
    m_text->setClearButtonEnabled(true);
    m_text->setAccessibleName(tr("Text filter"));

    m_fractional->setText(tr("GPU &slices"));
    m_fractional->setToolTip(tr("Also show offers of less than one whole GPU (vGPU and fractional shapes); "
                                "they are hidden by default so that whole GPUs sort first"));
    m_fractional->setAccessibleName(tr("Show GPU slices"));
    m_count->setMinimumWidth(m_count->fontMetrics().horizontalAdvance(tr("%1 of %2 offers").arg(88888).arg(88888)));
    m_count->setAlignment(Qt::AlignRight | Qt::AlignVCenter);

    auto *gpuLabel = new QLabel(tr("GP&U:"), this);
    gpuLabel->setBuddy(m_gpu);
    auto *providerLabel = new QLabel(tr("Pro&vider:"), this);
    providerLabel->setBuddy(m_provider);
    auto *billingLabel = new QLabel(tr("&Billing:"), this);
    billingLabel->setBuddy(m_billing);

    auto *filters = new QHBoxLayout;
    filters->addWidget(gpuLabel);
    filters->addWidget(m_gpu);
    filters->addWidget(providerLabel);
    filters->addWidget(m_provider);
    filters->addWidget(billingLabel);
    filters->addWidget(m_billing);
    filters->addWidget(m_term);
    filters->addWidget(m_fractional);
    filters->addWidget(m_text, 1);
    filters->addWidget(m_count);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(filters);
    layout->addWidget(m_view, 1);

    connect(m_gpu, &QComboBox::currentIndexChanged, this, &OffersPanel::applyFilters);
    connect(m_provider, &QComboBox::currentIndexChanged, this, &OffersPanel::applyFilters);
    connect(m_billing, &QComboBox::currentIndexChanged, this, &OffersPanel::applyFilters);
    connect(m_term, &QComboBox::currentIndexChanged, this, &OffersPanel::applyFilters);
    connect(m_text, &QLineEdit::textChanged, this, &OffersPanel::applyFilters);
    connect(m_fractional, &QCheckBox::toggled, this, &OffersPanel::applyFilters);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &OffersPanel::updateCount);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &OffersPanel::updateCount);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &OffersPanel::updateCount);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &OffersPanel::updateCount);
    updateCount();
}

void OffersPanel::setCatalog(const QList<core::Offer> &offers, const QList<core::GpuModel> &gpus,
                             const core::CatalogInfo &info)
{
    m_pending = PendingCatalog{offers, gpus, info};
    if (isVisible())
        filled();
}

const OffersPanel *OffersPanel::filled() const
{
    if (m_pending) {
        auto *self = const_cast<OffersPanel *>(this);
        const PendingCatalog catalog = std::move(*self->m_pending);
        self->m_pending.reset();
        self->fill(catalog);
    }
    return this;
}

void OffersPanel::showEvent(QShowEvent *event)
{
    filled();
    QWidget::showEvent(event);
}

void OffersPanel::fill(const PendingCatalog &catalog)
{
    const QList<core::Offer> &offers = catalog.offers;
    const QList<core::GpuModel> &gpus = catalog.gpus;
    const core::CatalogInfo &info = catalog.info;
    const QSignalBlocker gpuBlocker(m_gpu);
    const QSignalBlocker providerBlocker(m_provider);
    m_gpu->clear();
    m_gpu->addItem(tr("All GPUs"));
    QSet<QString> offered;
    for (const core::Offer &o : offers)
        offered.insert(o.gpu);
    for (const core::GpuModel &g : gpus) {
        if (offered.contains(g.id))
            m_gpu->addItem(g.id, g.id);
    }
    m_provider->clear();
    m_provider->addItem(tr("All providers"));
    for (const core::ProviderInfo &p : info.providers)
        m_provider->addItem(p.name, p.id);

    m_model->setOffers(offers);
    const auto slices = std::count_if(offers.cbegin(), offers.cend(), [](const core::Offer &o) { return o.fractionalGpu(); });
    m_fractional->setText(tr("GPU &slices (%1)").arg(slices));
    m_view->resizeColumnsToContents();
    applyFilters();
}

void OffersPanel::applyFilters()
{
    m_proxy->setGpu(m_gpu->currentData().toString());
    m_proxy->setProvider(m_provider->currentData().toString());
    const QString billing = m_billing->currentData().toString();
    m_proxy->setBilling(billing.isEmpty() ? std::nullopt : core::billingFromId(billing));
    m_proxy->setTermMonths(m_term->currentData().toInt());
    m_proxy->setText(m_text->text());
    m_proxy->setShowFractional(m_fractional->isChecked());
    updateCount();
}

void OffersPanel::updateCount()
{
    m_count->setText(tr("%1 of %2 offers").arg(m_proxy->rowCount()).arg(m_model->rowCount()));
}

} // namespace gpuplanner::ui
