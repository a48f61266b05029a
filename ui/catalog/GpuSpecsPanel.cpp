#include "ui/catalog/GpuSpecsPanel.h"

#include "ui/catalog/GpuSpecsFilterProxy.h"
#include "ui/catalog/GpuSpecsModel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSet>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace gpuplanner::ui {

GpuSpecsPanel::GpuSpecsPanel(QWidget *parent)
    : QWidget(parent), m_model(new GpuSpecsModel(this)), m_proxy(new GpuSpecsFilterProxy(this)),
      m_view(new QTableView(this)), m_vendor(new QComboBox(this)), m_memory(new QSpinBox(this)),
      m_text(new QLineEdit(this)), m_specsOnly(new QCheckBox(tr("Only with published specs"), this)),
      m_count(new QLabel(this))
{
    setObjectName(QStringLiteral("gpuSpecsPanel"));
    m_proxy->setSourceModel(m_model);
    m_view->setModel(m_proxy);
    // Tab leaves the table for the next control; the arrow keys move inside it.
    m_view->setTabKeyNavigation(false);
    m_view->setSortingEnabled(true);
    // FP16: every tensor GPU has it (T4 and V100 have no BF16, and would sort last by it).
    m_view->sortByColumn(GpuSpecsModel::Fp16, Qt::DescendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setAlternatingRowColors(true);
    m_view->verticalHeader()->setVisible(false);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setStretchLastSection(true);

    m_vendor->addItem(tr("All vendors"), QString());
    m_vendor->setToolTip(tr("Show one vendor's accelerators"));
    m_memory->setRange(0, 1024);
    m_memory->setSingleStep(8);
    m_memory->setSuffix(tr(" GiB"));
    m_memory->setSpecialValueText(tr("Any memory"));
    m_memory->setToolTip(tr("Show GPUs with at least this much memory"));
    m_text->setPlaceholderText(tr("Filter by name or architecture…"));
    m_text->setClearButtonEnabled(true);

    auto *filters = new QHBoxLayout;
    filters->addWidget(new QLabel(tr("Vendor:"), this));
    filters->addWidget(m_vendor);
    filters->addWidget(new QLabel(tr("Memory at least:"), this));
    filters->addWidget(m_memory);
    filters->addWidget(m_text, 1);
    filters->addWidget(m_specsOnly);
    filters->addWidget(m_count);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(filters);
    layout->addWidget(m_view, 1);

    connect(m_vendor, &QComboBox::currentIndexChanged, this, [this] {
        m_proxy->setVendor(m_vendor->currentData().toString());
        updateCount();
    });
    connect(m_memory, &QSpinBox::valueChanged, this, [this](int v) {
        m_proxy->setMinMemoryGib(v);
        updateCount();
    });
    connect(m_text, &QLineEdit::textChanged, this, [this](const QString &t) {
        m_proxy->setText(t);
        updateCount();
    });
    connect(m_specsOnly, &QCheckBox::toggled, this, [this](bool on) {
        m_proxy->setHideWithoutSpecs(on);
        updateCount();
    });
    updateCount();
}

void GpuSpecsPanel::setGpus(const QList<core::GpuModel> &gpus)
{
    m_model->setGpus(gpus);
    QSet<QString> vendors;
    for (const core::GpuModel &g : gpus) {
        if (!g.vendor.isEmpty())
            vendors.insert(g.vendor);
    }
    QStringList sorted(vendors.cbegin(), vendors.cend());
    std::sort(sorted.begin(), sorted.end());
    const QString current = m_vendor->currentData().toString();
    QSignalBlocker block(m_vendor);
    while (m_vendor->count() > 1)
        m_vendor->removeItem(1);
    for (const QString &v : sorted)
        m_vendor->addItem(v, v);
    m_vendor->setCurrentIndex(std::max(0, m_vendor->findData(current)));
    updateCount();
}

void GpuSpecsPanel::updateCount()
{
    m_count->setText(tr("%1 of %2 GPU models").arg(m_proxy->rowCount()).arg(m_model->rowCount()));
}

} // namespace gpuplanner::ui
