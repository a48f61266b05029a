#pragma once
// EcbFxSource: the European Central Bank's daily euro reference rates (XML, no credentials),
// converted to units of each currency per US dollar.

#include "core/refresh/PriceSource.h"

#include <QUrl>

namespace gpuplanner::net {

class EcbFxSource : public core::PriceSource
{
public:
    static QUrl defaultUrl();
    static QString providerId() { return QStringLiteral("ecb"); }

    explicit EcbFxSource(QUrl url = defaultUrl()) : m_url(std::move(url)) {}

    QStringList providers() const override { return {providerId()}; }
    QString name() const override { return QStringLiteral("ECB euro reference rates"); }
    core::Result<core::ImportBatch> fetch(const QString &provider, const core::RefreshContext &context) override;

private:
    QUrl m_url;
};

// Parses eurofxref-daily.xml; errors name the element or attribute at fault.
core::Result<QList<core::FxRate>> parseEcbRates(const QByteArray &xml, const QString &source);

} // namespace gpuplanner::net
