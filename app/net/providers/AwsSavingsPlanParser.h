#pragma once
// AwsSavingsPlanParser: one region file of the AWS Savings Plans price list
// (/savingsPlan/v1.0/aws/AWSComputeSavingsPlan/<version>/<region>/index.json) into savings-plan
// offers for the GPU instance types the same refresh priced on demand.
//
// The file (AWS Billing User Guide, "Reading the service price list file for a Savings Plan"):
//   products[]               {sku, productFamily ("ComputeSavingsPlans" | "EC2InstanceSavingsPlans"),
//                             attributes {purchaseOption ("No Upfront" ...), purchaseTerm ("1yr"), ...}}
//   terms.savingsPlan[]      {sku (the plan's product), effectiveDate, leaseContractLength
//                             {duration, unit "year"}, rates[] {discountedUsageType
//                             ("USE1-BoxUsage:p5.48xlarge"), discountedOperation ("RunInstances" =
//                             Linux), discountedServiceCode ("AmazonEC2"), unit ("Hrs"),
//                             discountedRate {price (a string), currency}}}
// A rate is what one instance-hour costs under the plan: the effective rate whatever the payment
// option (with upfront payment the hours are prepaid from the commitment), so the upfront fee
// and the recurring part are unknown per instance (they depend on the commitment bought).
// Files run to hundreds of MB: they are tokenized as they stream, and only the GPU rates are kept.
// One rate that cannot be read is left out with its reason; the rest of the file is used.

#include "core/common/Result.h"
#include "core/import/ImportBatch.h"
#include "net/providers/JsonStreamTokenizer.h"

#include <QByteArrayView>
#include <QHash>

#include <initializer_list>
#include <string>
#include <unordered_map>
#include <vector>

namespace gpuplanner::net {

struct AwsSavingsPlanOptions
{
    QString fileLabel;      // the URL, used in errors and exclusions
    QString fallbackRegion; // when the file carries no regionCode
    // The instance types to price, as the on-demand price list describes them (name -> instance).
    QHash<QString, core::ImportedInstance> instances;
};

class AwsSavingsPlanParser final : private JsonStreamHandler
{
public:
    explicit AwsSavingsPlanParser(AwsSavingsPlanOptions options);

    bool feed(const char *data, std::size_t size);
    core::Result<core::ImportBatch> finish();
    QString errorMessage() const { return m_error; }
    std::uint64_t bytesConsumed() const { return m_tokenizer.bytesConsumed(); }

    static core::Result<core::ImportBatch> parse(QByteArrayView bytes, const AwsSavingsPlanOptions &options);

    // "USE1-BoxUsage:p5.48xlarge" -> "p5.48xlarge"; empty for dedicated, host or unused usage.
    static QString instanceTypeFromUsage(const QString &usageType);

private:
    struct Plan
    {
        std::string productFamily, purchaseOption, purchaseTerm;
    };
    struct Rate
    {
        std::string usageType, operation, serviceCode, unit, price, currency;
    };
    struct KeptRate
    {
        std::string planSku;
        QString instanceType;
        QString effectiveDate;
        double durationYears = 0;
        std::string durationUnit;
        double price = 0;
        QString currency;
        QString where;
    };

    bool onJsonEvent(JsonEvent event, std::string_view text) override;
    // Where the tokenizer stands, relative to the root object ({"terms", "savingsPlan", "[]"}).
    bool isAt(std::initializer_list<std::string_view> path) const;
    void onScalar(std::string_view text);
    void finishRate();
    void finishTerm();
    void skip(const QString &where, const QString &why);

    AwsSavingsPlanOptions m_options;
    JsonStreamTokenizer m_tokenizer;

    // The open containers from the root: the key each was opened under ("[]" inside an array).
    std::vector<std::string> m_path;
    std::vector<bool> m_isArray;
    std::string m_key;
    std::string m_regionCode, m_publicationDate;

    std::string m_planSku;
    Plan m_plan;
    std::unordered_map<std::string, Plan> m_plans;

    std::string m_termSku, m_termEffective, m_durationUnit;
    double m_durationYears = 0;
    std::vector<KeptRate> m_termRates;
    Rate m_rate;
    std::size_t m_termIndex = 0, m_rateIndex = 0;
    std::vector<KeptRate> m_kept;

    core::ImportBatch m_batch;
    int m_ratesSeen = 0;
    int m_ratesSkipped = 0;
    QString m_error;
};

} // namespace gpuplanner::net
