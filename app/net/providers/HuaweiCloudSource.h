#pragma once
// Huawei Cloud (SDK-HMAC-SHA256 signed AK/SK):
//   IAM  GET /v3/projects                                    -> the account's region projects
//   ECS  GET /v1/{project_id}/cloudservers/flavors            -> GPU flavors per region
//   BSS  POST /v2/bills/ratings/on-demand-resources           -> pay-as-you-go list price per hour
//   BSS  POST /v2/bills/ratings/period-resources/subscribe-rate -> 1-month, 1-year, 3-year totals
// Field names: huaweicloud/huaweicloud-sdk-go-v3 (services/iam/v3, services/ecs/v2, services/bss/v2
// models). IAM and BSS are global services (X-Domain-Id); BSS prices are CNY on the China site.
// Huawei publishes no spot price through these APIs: spot rows are left as they are.

#include "core/catalog/GpuAliasResolver.h"
#include "core/refresh/PriceSource.h"
#include "net/providers/ChinaGpuFamilies.h"
#include "net/providers/PagingGuard.h"

#include <QDateTime>
#include <QJsonObject>
#include <QUrl>

#include <functional>
#include <optional>

namespace gpuplanner::net {

struct HuaweiCredentials
{
    QString ak;
    QString sk;
    QString projectId; // any project of the account; BSS asks for one
    QString domainId;  // the account id, for the global services
};

struct HuaweiFlavor
{
    QString name;
    core::ImportedInstance instance;
};

// The GPU flavors of one ListFlavors body (ecs:performancetype gpu, not sold out or abandoned);
// flavors whose GPU the catalog cannot name become exclusions.
QList<HuaweiFlavor> parseHuaweiFlavors(const QJsonObject &body, const QString &label, const ChinaGpuFamilies &families,
                                       const core::GpuAliasResolver &resolver, QList<core::ImportExclusion> &exclusions);

class HuaweiCloudSource : public core::PriceSource
{
public:
    // endpoint: empty for the public endpoints (iam., ecs.<region>., bss.myhuaweicloud.com);
    // a base URL sends every service there (a mirror, the tests' loopback server).
    HuaweiCloudSource(QUrl endpoint, HuaweiCredentials credentials, ChinaGpuFamilies families,
                      core::GpuAliasResolver resolver);

    QStringList providers() const override { return {QStringLiteral("huaweicloud")}; }
    QString name() const override { return QStringLiteral("Huawei Cloud BSS price inquiry"); }
    core::Result<core::ImportBatch> fetch(const QString &provider, const core::RefreshContext &context) override;
    QList<QByteArray> credentials() const override { return {m_credentials.ak.toUtf8(), m_credentials.sk.toUtf8(), m_credentials.projectId.toUtf8(), m_credentials.domainId.toUtf8()}; }

    void setClock(std::function<QDateTime()> clock) { m_clock = std::move(clock); }
    // Flavors per ListFlavors page (its `limit`; 1,000 is the API's documented default, no maximum
    // is documented: support.huaweicloud.com/intl/en-us/api-ecs/en-us_topic_0020212656.html).
    void setFlavorPageSize(int size) { m_flavorPage = size; }
    // ListFlavors lists every flavor of a region, CPU ones too, and Huawei publishes no count; the
    // catalog knows 24 GPU flavors (resources/catalog/unpriced-instances.csv), ten times that fits
    // in one page, so the guard's floor holds: 10 pages of 1,000 flavors per region.
    PageBound flavorPageBound() const { return m_pageBound ? *m_pageBound : PageBound{m_flavorPage, 24}; }
    // Tests lower the bound to see it hold.
    void setPageBound(const PageBound &bound) { m_pageBound = bound; }

private:
    enum class Service { Iam, Ecs, Bss };
    QUrl serviceUrl(Service service, const QString &region, const QString &path) const;
    core::HttpRequest request(Service service, const QString &region, const QByteArray &method, const QString &path,
                              const QList<QPair<QByteArray, QByteArray>> &query, const QByteArray &body,
                              const QString &projectHeader = QString()) const;
    core::Result<QHash<QString, double>> rate(const core::RefreshContext &context, const QString &region,
                                              const QList<HuaweiFlavor> &flavors, int periodType, int periodNum,
                                              QList<core::ImportExclusion> &exclusions);

    QUrl m_endpoint;
    HuaweiCredentials m_credentials;
    ChinaGpuFamilies m_families;
    core::GpuAliasResolver m_resolver;
    std::function<QDateTime()> m_clock;
    QString m_currency; // of the last inquiry answered
    int m_flavorPage = 1000;
    std::optional<PageBound> m_pageBound;
};

} // namespace gpuplanner::net
