#pragma once
// Savings-plan rates for an AWS refresh: the Savings Plans region index
// (/savingsPlan/v1.0/aws/AWSComputeSavingsPlan/current/region_index.json, the index the EC2
// offer index names as currentSavingsPlanIndexUrl; it holds Compute and EC2 Instance plans),
// then each wanted region's file, streamed through AwsSavingsPlanParser.

#include "core/common/Result.h"
#include "core/import/ImportBatch.h"
#include "core/refresh/PriceSource.h"

#include <QHash>
#include <QUrl>

namespace gpuplanner::net {

struct AwsSavingsPlanRegion
{
    QString regionCode;
    QString versionUrl; // path relative to the API host
};

QString awsSavingsPlanIndexPath();

// regions[].{regionCode, versionUrl} of the Savings Plans region index.
core::Result<QList<AwsSavingsPlanRegion>> parseAwsSavingsPlanIndex(const QByteArray &bytes, const QString &label);

// Savings-plan offers of the given regions for the instance types in instances (name ->
// instance, as the on-demand files described them). All regions or none: a region that fails
// fails the whole set, so no region loses its stored rates to another region's outage.
core::Result<core::ImportBatch> fetchAwsSavingsPlans(const QUrl &baseUrl, const QStringList &regions,
                                                     const QHash<QString, core::ImportedInstance> &instances,
                                                     const core::RefreshContext &context);

} // namespace gpuplanner::net
