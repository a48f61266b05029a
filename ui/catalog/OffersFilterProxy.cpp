#include "ui/catalog/OffersFilterProxy.h"

#include "ui/catalog/OffersTableModel.h"

namespace gpuplanner::ui {

OffersFilterProxy::OffersFilterProxy(QObject *parent) : QSortFilterProxyModel(parent)
{
    setSortRole(OffersTableModel::SortRole);
}

void OffersFilterProxy::setGpu(const QString &gpuId)
{
    if (m_gpu == gpuId)
        return;
    m_gpu = gpuId;
    invalidateFilter();
}

void OffersFilterProxy::setProvider(const QString &provider)
{
    if (m_provider == provider)
        return;
    m_provider = provider;
    invalidateFilter();
}

void OffersFilterProxy::setBilling(std::optional<core::Billing> billing)
{
    if (m_billing == billing)
        return;
    m_billing = billing;
    invalidateFilter();
}

void OffersFilterProxy::setTermMonths(int months)
{
    if (months == m_termMonths)
        return;
    m_termMonths = months;
    invalidateFilter();
}

void OffersFilterProxy::setText(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (m_text == trimmed)
        return;
    m_text = trimmed;
    invalidateFilter();
}

void OffersFilterProxy::setShowFractional(bool show)
{
    if (m_showFractional == show)
        return;
    m_showFractional = show;
    invalidateFilter();
}

bool OffersFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (sourceParent.isValid())
        return false;
    const auto *model = qobject_cast<const OffersTableModel *>(sourceModel());
    if (!model || sourceRow >= model->rowCount())
        return false;
    const core::Offer &offer = model->offerAt(sourceRow);
    if (!m_gpu.isEmpty() && offer.gpu != m_gpu)
        return false;
    if (!m_provider.isEmpty() && offer.provider != m_provider)
        return false;
    if (m_billing && offer.billing != *m_billing)
        return false;
    if (m_termMonths > 0 && offer.termMonths != m_termMonths)
        return false;
    if (!m_showFractional && offer.fractionalGpu())
        return false;
    if (!m_text.isEmpty() && !offer.instanceType.contains(m_text, Qt::CaseInsensitive)
        && !offer.region.contains(m_text, Qt::CaseInsensitive)
        && !offer.regionName.contains(m_text, Qt::CaseInsensitive) && !offer.regionNameZh.contains(m_text))
        return false;
    return true;
}

bool OffersFilterProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    const QVariant l = left.data(sortRole());
    const QVariant r = right.data(sortRole());
    if (l.typeId() == QMetaType::Double && r.typeId() == QMetaType::Double)
        return l.toDouble() < r.toDouble();
    return QString::localeAwareCompare(l.toString(), r.toString()) < 0;
}

} // namespace gpuplanner::ui
