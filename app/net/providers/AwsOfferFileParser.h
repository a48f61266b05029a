#pragma once
// AwsOfferFileParser: turns one AWS Price List EC2 region offer file (products + terms.OnDemand
// + terms.Reserved, hundreds of MB) into GPU/accelerator offers while the bytes stream in.
// Memory is bounded by the GPU products kept (a few hundred), never by the file size:
// non-GPU products are dropped as soon as their attributes are read, and terms of unkept
// SKUs are skipped without buffering. Real files list products before terms; a file that
// does not is refused.

#include "core/catalog/GpuAliasResolver.h"
#include "core/common/Result.h"
#include "core/import/ImportBatch.h"
#include "net/providers/InstanceShapes.h"
#include "net/providers/JsonStreamTokenizer.h"

#include <QByteArrayView>
#include <QHash>

#include <string>
#include <unordered_map>
#include <vector>

namespace gpuplanner::net {

struct AwsOfferFileOptions
{
    QString fileLabel;      // the URL or path, used in errors and exclusions
    QString fallbackRegion; // when products carry no regionCode (older files)
    // The offers' source; the China partition's file (CNY) names itself apart from the global one.
    QString sourceName = QStringLiteral("AWS Price List API");
};

class AwsOfferFileParser final : private JsonStreamHandler
{
public:
    AwsOfferFileParser(const core::GpuAliasResolver &resolver, const InstanceShapes &shapes, AwsOfferFileOptions options);

    // Feeds the next chunk; false once the input is malformed (see errorMessage()).
    bool feed(const char *data, std::size_t size);
    // Ends the input and returns the offers, or the first error naming the file and field.
    core::Result<core::ImportBatch> finish();

    QString errorMessage() const;
    std::uint64_t bytesConsumed() const { return m_tokenizer.bytesConsumed(); }
    std::uint64_t productsSeen() const { return m_productsSeen; }

    // Whole document at once (tests, fuzzing).
    static core::Result<core::ImportBatch> parse(QByteArrayView bytes, const core::GpuAliasResolver &resolver,
                                                 const InstanceShapes &shapes, const AwsOfferFileOptions &options);

private:
    enum class Ctx : std::uint8_t {
        Skip,
        Root,
        Products,
        Product,
        Attributes,
        Terms,
        TermKind,
        TermSku,
        Term,
        PriceDimensions,
        PriceDimension,
        PricePerUnit,
        TermAttributes,
    };
    enum class TermKind : std::uint8_t { OnDemand, Reserved };

    struct ProductFields
    {
        std::string sku, productFamily, instanceType, operatingSystem, tenancy, preInstalledSw, capacityStatus,
            licenseModel, marketOption, locationType, regionCode, gpu, vcpu, memory, gpuMemory;
        void clear();
    };
    struct KeptProduct
    {
        core::ImportedInstance instance;
        QString region;
    };
    struct TermFields
    {
        std::string termCode, leaseContractLength, purchaseOption, offeringClass;
        bool hasHourly = false, hasUpfront = false;
        double hourly = 0, upfront = 0;
        std::string currency;
    };
    struct DimensionFields
    {
        std::string key, unit, currency, price;
        bool hasPrice = false;
    };

    bool onJsonEvent(JsonEvent event, std::string_view text) override;
    bool onStart(bool isObject);
    bool onEnd();
    bool onValue(JsonEvent event, std::string_view text);
    bool finishProduct();
    bool finishDimension();
    bool finishTerm();
    bool stop(const QString &message);
    QString termPath() const;
    void addOffer(const KeptProduct &product, core::Billing billing, double price, const std::string &currency,
                  int termMonths, const QString &upfront, double upfrontFee, const QString &offeringClass);

    const core::GpuAliasResolver &m_resolver;
    const InstanceShapes &m_shapes;
    AwsOfferFileOptions m_options;
    JsonStreamTokenizer m_tokenizer;

    std::vector<Ctx> m_ctx;
    std::string m_key;
    std::string m_publicationDate;
    bool m_seenProducts = false;
    ProductFields m_product;
    TermKind m_termKind = TermKind::OnDemand;
    std::string m_termSku;
    const KeptProduct *m_termProduct = nullptr;
    TermFields m_term;
    DimensionFields m_dimension;

    std::unordered_map<std::string, KeptProduct> m_kept;
    QHash<QString, qsizetype> m_offerIndex; // dedupe key -> index in m_batch.offers
    core::ImportBatch m_batch;
    std::uint64_t m_productsSeen = 0;
    QString m_error;
};

// Accelerator name for an EC2 instance family ("p5" -> "H100"), empty when unknown.
QString awsFamilyAccelerator(const QString &instanceType);

} // namespace gpuplanner::net
