#pragma once
// AwsPriceListSource: refreshes AWS EC2 GPU offers from the public Price List bulk API (no
// credentials): the EC2 region index, then each wanted region's offer file, streamed through
// AwsOfferFileParser so a several-hundred-MB file never sits in memory; then the Savings Plans
// region files of the same regions (AwsSavingsPlanSource) and the Spot Advisor feed.
// With a China base URL set it also reads the China partition's one EC2 offer file (cn-north-1
// and cn-northwest-1, CNY, on-demand and reserved terms; no spot, no savings plans there), so
// `--region cn-north-1` or an unfiltered refresh prices China too. One partition failing leaves
// the other's prices in the batch and says why in an exclusion; the failed partition's regions
// keep their stored prices (a region the batch lists nothing for is left as it was).

#include "core/catalog/GpuAliasResolver.h"
#include "core/refresh/PriceSource.h"
#include "net/providers/AwsOfferFileParser.h"
#include "net/providers/AwsSpotAdvisor.h"
#include "net/providers/InstanceShapes.h"

#include <QUrl>

namespace gpuplanner::net {

struct AwsRegionFile
{
    QString regionCode;
    QString currentVersionUrl; // path relative to the API host
};

// regions.<code>.{regionCode,currentVersionUrl} of region_index.json, sorted by region code.
core::Result<QList<AwsRegionFile>> parseAwsRegionIndex(const QByteArray &bytes, const QString &label);

class AwsPriceListSource : public core::PriceSource
{
public:
    static QUrl defaultBaseUrl() { return QUrl(QStringLiteral("https://pricing.us-east-1.amazonaws.com")); }
    static QString regionIndexPath() { return QStringLiteral("/offers/v1.0/aws/AmazonEC2/current/region_index.json"); }
    // The China partition (docs.amazonaws.cn price-list pages): one file for both of its regions.
    static QUrl chinaDefaultBaseUrl() { return QUrl(QStringLiteral("https://pricing.cn-northwest-1.amazonaws.com.cn")); }
    static QString chinaOfferPath() { return QStringLiteral("/offers/v1.0/cn/AmazonEC2/current/index.json"); }
    // Region codes of the China partition (cn-north-1, cn-northwest-1 and their local zones).
    static bool isChinaRegion(const QString &code) { return code.startsWith(QLatin1String("cn-")); }

    AwsPriceListSource(QUrl baseUrl, core::GpuAliasResolver resolver, InstanceShapes shapes);

    // Where the Spot Instance Advisor feed is read from (its public S3 object by default); its
    // interruption buckets come with every refresh, for the instance types the refresh priced.
    void setSpotAdvisorUrl(QUrl url) { m_spotAdvisorUrl = std::move(url); }
    // Where the China partition's offer file is read from (empty: China is not read, and a cn-
    // region is looked up in the global index like any other).
    void setChinaBaseUrl(QUrl url) { m_chinaBaseUrl = std::move(url); }

    QStringList providers() const override { return {QStringLiteral("aws")}; }
    QString name() const override { return QStringLiteral("AWS Price List API"); }
    core::Result<core::ImportBatch> fetch(const QString &provider, const core::RefreshContext &context) override;

private:
    // The global partition: region index, region files, savings plans, Spot Advisor.
    core::Result<core::ImportBatch> fetchGlobal(const QStringList &regions, const core::RefreshContext &context);
    // The China partition's one file, kept to regions when some are named.
    core::Result<core::ImportBatch> fetchChina(const QStringList &regions, const core::RefreshContext &context);
    core::Result<core::ImportBatch> fetchRegion(const AwsRegionFile &region, const core::RefreshContext &context);

    // Savings-plan rates of the regions refreshed, for the instance types their files priced.
    core::Status addSavingsPlans(core::ImportBatch &batch, const QList<AwsRegionFile> &regions,
                                 const core::RefreshContext &context) const;
    void addInterruptions(core::ImportBatch &batch, const core::RefreshContext &context) const;

    QUrl m_baseUrl;
    QUrl m_spotAdvisorUrl = awsSpotAdvisorDefaultUrl();
    QUrl m_chinaBaseUrl;
    core::GpuAliasResolver m_resolver;
    InstanceShapes m_shapes;
};

} // namespace gpuplanner::net
