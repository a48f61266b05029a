#include "ui/catalog/GpuSpecsFilterProxy.h"

#include "ui/catalog/GpuSpecsModel.h"

namespace gpuplanner::ui {

GpuSpecsFilterProxy::GpuSpecsFilterProxy(QObject *parent) : QSortFilterProxyModel(parent)
{
    setSortRole(GpuSpecsModel::SortRole);
}

void GpuSpecsFilterProxy::setVendor(const QString &vendor)
{
    m_vendor = vendor;
    invalidateFilter();
}

void GpuSpecsFilterProxy::setMinMemoryGib(double gib)
{
    m_minMemory = gib;
    invalidateFilter();
}

void GpuSpecsFilterProxy::setText(const QString &text)
{
    m_text = text.trimmed();
    invalidateFilter();
}

void GpuSpecsFilterProxy::setHideWithoutSpecs(bool hide)
{
    m_hideWithoutSpecs = hide;
    invalidateFilter();
}

bool GpuSpecsFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    auto *model = qobject_cast<const GpuSpecsModel *>(sourceModel());
    if (!model || sourceParent.isValid())
        return false;
    const core::GpuModel &g = model->gpuAt(sourceRow);
    if (!m_vendor.isEmpty() && g.vendor.compare(m_vendor, Qt::CaseInsensitive) != 0)
        return false;
    if (m_minMemory > 0 && g.memoryGib.value_or(0) < m_minMemory)
        return false;
    if (m_hideWithoutSpecs && g.specName.isEmpty())
        return false;
    if (!m_text.isEmpty() && !g.id.contains(m_text, Qt::CaseInsensitive)
        && !g.architecture.contains(m_text, Qt::CaseInsensitive) && !g.formFactor.contains(m_text, Qt::CaseInsensitive))
        return false;
    return true;
}

} // namespace gpuplanner::ui
