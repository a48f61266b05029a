#include "net/providers/AwsOfferFileParser.h"

#include "net/providers/ProviderCommon.h"
#include "net/providers/StreamText.h"

#include <charconv>
#include <cmath>

namespace gpuplanner::net {

namespace {

using namespace std::string_view_literals;

const QString kProvider = QStringLiteral("aws");

// "2048 GiB" -> 2048; "0.5 GiB" -> 0.5; "NA" -> nullopt.
std::optional<double> leadingNumber(std::string_view text)
{
    const std::size_t space = text.find(' ');
    return parseDouble(space == std::string_view::npos ? text : text.substr(0, space));
}

// EC2 families and the accelerator they carry, as named in gpu-aliases.csv (the AWS price
// list gives a GPU count and memory but never the GPU model). Source: the EC2 instance-type
// pages, cross-checked with the SkyPilot snapshot's AcceleratorName column.
struct FamilyAccelerator
{
    const char *family;
    const char *accelerator;
};
constexpr FamilyAccelerator kFamilies[] = {
    {"dl1", "Gaudi HL-205"},
    {"f1", "Virtex UltraScale (VU9P)"},
    {"f2", "Virtex UltraScale+ (VU47P)"},
    {"g3", "M60"},
    {"g3s", "M60"},
    {"g4ad", "Radeon Pro V520"},
    {"g4dn", "T4"},
    {"g5", "A10G"},
    {"g5g", "T4g"},
    {"g6", "L4"},
    {"g6e", "L40S"},
    {"g6f", "L4"},
    {"gr6", "L4"},
    {"gr6f", "L4"},
    {"g7e", "RTXPRO6000"},
    {"inf1", "Inferentia"},
    {"inf2", "Inferentia2"},
    {"p2", "K80"},
    {"p3", "V100"},
    {"p3dn", "V100-32GB"},
    {"p4d", "A100"},
    {"p4de", "A100-80GB"},
    {"p5", "H100"},
    {"p5e", "H200"},
    {"p5en", "H200"},
    {"p6-b200", "B200"},
    {"p6-b300", "B300"},
    {"trn1", "Trainium"},
    {"trn1n", "Trainium"},
    {"trn2", "Trainium2"},
};

} // namespace

QString awsFamilyAccelerator(const QString &instanceType)
{
    const QString family = instanceType.section(u'.', 0, 0);
    for (const FamilyAccelerator &f : kFamilies) {
        if (family == QLatin1String(f.family))
            return QString::fromLatin1(f.accelerator);
    }
    return {};
}

void AwsOfferFileParser::ProductFields::clear()
{
    for (std::string *s : {&sku, &productFamily, &instanceType, &operatingSystem, &tenancy, &preInstalledSw,
                           &capacityStatus, &licenseModel, &marketOption, &locationType, &regionCode, &gpu, &vcpu,
                           &memory, &gpuMemory})
        s->clear();
}

AwsOfferFileParser::AwsOfferFileParser(const core::GpuAliasResolver &resolver, const InstanceShapes &shapes,
                                       AwsOfferFileOptions options)
    : m_resolver(resolver), m_shapes(shapes), m_options(std::move(options)), m_tokenizer(*this)
{
    m_ctx.reserve(16);
}

bool AwsOfferFileParser::feed(const char *data, std::size_t size)
{
    return m_tokenizer.feed(data, size);
}

QString AwsOfferFileParser::errorMessage() const
{
    if (!m_error.isEmpty())
        return m_error;
    if (m_tokenizer.failed())
        return QStringLiteral("%1: invalid JSON at %2").arg(m_options.fileLabel, QString::fromStdString(m_tokenizer.error()));
    return {};
}

core::Result<core::ImportBatch> AwsOfferFileParser::finish()
{
    if (!m_tokenizer.failed())
        m_tokenizer.finish();
    if (m_tokenizer.failed())
        return core::Error{errorMessage()};
    if (!m_seenProducts)
        return core::Error{QStringLiteral("%1: products: missing").arg(m_options.fileLabel)};
    core::ImportBatch batch = m_batch;
    batch.files.append(core::ImportFileStats{kProvider, m_options.fileLabel, int(m_productsSeen),
                                             int(batch.offers.size()), int(batch.exclusions.size())});
    return batch;
}

core::Result<core::ImportBatch> AwsOfferFileParser::parse(QByteArrayView bytes, const core::GpuAliasResolver &resolver,
                                                          const InstanceShapes &shapes,
                                                          const AwsOfferFileOptions &options)
{
    AwsOfferFileParser parser(resolver, shapes, options);
    parser.feed(bytes.data(), std::size_t(bytes.size()));
    return parser.finish();
}

bool AwsOfferFileParser::stop(const QString &message)
{
    if (m_error.isEmpty())
        m_error = m_options.fileLabel + QStringLiteral(": ") + message;
    return false;
}

QString AwsOfferFileParser::termPath() const
{
    return QStringLiteral("terms.%1.%2.%3")
        .arg(m_termKind == TermKind::OnDemand ? QStringLiteral("OnDemand") : QStringLiteral("Reserved"),
             qs(m_termSku), qs(m_term.termCode));
}

bool AwsOfferFileParser::onJsonEvent(JsonEvent event, std::string_view text)
{
    switch (event) {
    case JsonEvent::Key:
        m_key.assign(text);
        return true;
    case JsonEvent::StartObject:
    case JsonEvent::StartArray:
        return onStart(event == JsonEvent::StartObject);
    case JsonEvent::EndObject:
    case JsonEvent::EndArray:
        return onEnd();
    case JsonEvent::String:
    case JsonEvent::Number:
    case JsonEvent::Bool:
    case JsonEvent::Null:
        return onValue(event, text);
    }
    return true;
}

bool AwsOfferFileParser::onStart(bool isObject)
{
    if (m_ctx.empty()) {
        if (!isObject)
            return stop(QStringLiteral("expected a JSON object at the top level"));
        m_ctx.push_back(Ctx::Root);
        return true;
    }
    Ctx next = Ctx::Skip;
    switch (m_ctx.back()) {
    case Ctx::Root:
        if (m_key == "products"sv) {
            if (!isObject)
                return stop(QStringLiteral("products: expected an object"));
            m_seenProducts = true;
            next = Ctx::Products;
        } else if (m_key == "terms"sv) {
            if (!isObject)
                return stop(QStringLiteral("terms: expected an object"));
            if (!m_seenProducts)
                return stop(QStringLiteral("terms: found before products (streaming needs products first)"));
            next = Ctx::Terms;
        }
        break;
    case Ctx::Products:
        if (!isObject)
            return stop(QStringLiteral("products.%1: expected an object").arg(qs(m_key)));
        m_product.clear();
        m_product.sku = m_key;
        next = Ctx::Product;
        break;
    case Ctx::Product:
        if (m_key == "attributes"sv) {
            if (!isObject)
                return stop(QStringLiteral("products.%1.attributes: expected an object").arg(qs(m_product.sku)));
            next = Ctx::Attributes;
        }
        break;
    case Ctx::Terms:
        if (m_key == "OnDemand"sv || m_key == "Reserved"sv) {
            if (!isObject)
                return stop(QStringLiteral("terms.%1: expected an object").arg(qs(m_key)));
            m_termKind = m_key == "OnDemand"sv ? TermKind::OnDemand : TermKind::Reserved;
            next = Ctx::TermKind;
        }
        break;
    case Ctx::TermKind: {
        const auto it = m_kept.find(m_key);
        if (it != m_kept.end() && isObject) {
            m_termSku = m_key;
            m_termProduct = &it->second;
            next = Ctx::TermSku;
        }
        break;
    }
    case Ctx::TermSku:
        if (isObject) {
            m_term = TermFields{};
            m_term.termCode = m_key;
            next = Ctx::Term;
        }
        break;
    case Ctx::Term:
        if (m_key == "priceDimensions"sv && isObject)
            next = Ctx::PriceDimensions;
        else if (m_key == "termAttributes"sv && isObject)
            next = Ctx::TermAttributes;
        break;
    case Ctx::PriceDimensions:
        if (isObject) {
            m_dimension = DimensionFields{};
            m_dimension.key = m_key;
            next = Ctx::PriceDimension;
        }
        break;
    case Ctx::PriceDimension:
        if (m_key == "pricePerUnit"sv && isObject)
            next = Ctx::PricePerUnit;
        break;
    default:
        break;
    }
    m_ctx.push_back(next);
    return true;
}

bool AwsOfferFileParser::onEnd()
{
    const Ctx ended = m_ctx.back();
    m_ctx.pop_back();
    switch (ended) {
    case Ctx::Product:
        return finishProduct();
    case Ctx::PriceDimension:
        return finishDimension();
    case Ctx::Term:
        return finishTerm();
    case Ctx::TermSku:
        m_termProduct = nullptr;
        return true;
    default:
        return true;
    }
}

bool AwsOfferFileParser::onValue(JsonEvent event, std::string_view text)
{
    if (m_ctx.empty())
        return stop(QStringLiteral("expected a JSON object at the top level"));
    // Scalars where containers belong would otherwise pass unnoticed.
    const bool scalarText = event == JsonEvent::String || event == JsonEvent::Number;
    switch (m_ctx.back()) {
    case Ctx::Root:
        if (m_key == "products"sv || m_key == "terms"sv)
            return stop(QStringLiteral("%1: expected an object").arg(qs(m_key)));
        if (m_key == "publicationDate"sv && scalarText)
            m_publicationDate.assign(text);
        break;
    case Ctx::Product:
        if (m_key == "attributes"sv)
            return stop(QStringLiteral("products.%1.attributes: expected an object").arg(qs(m_product.sku)));
        if (m_key == "productFamily"sv && scalarText)
            m_product.productFamily.assign(text);
        break;
    case Ctx::Term:
        if (m_key == "priceDimensions"sv)
            return stop(termPath() + QStringLiteral(".priceDimensions: expected an object"));
        break;
    case Ctx::PriceDimension:
        if (m_key == "pricePerUnit"sv)
            return stop(termPath() + QStringLiteral(".priceDimensions.%1.pricePerUnit: expected an object")
                                         .arg(qs(m_dimension.key)));
        if (m_key == "unit"sv && scalarText)
            m_dimension.unit.assign(text);
        break;
    case Ctx::Attributes: {
        std::string *target = nullptr;
        const std::string_view k = m_key;
        if (k == "instanceType"sv) target = &m_product.instanceType;
        else if (k == "operatingSystem"sv) target = &m_product.operatingSystem;
        else if (k == "tenancy"sv) target = &m_product.tenancy;
        else if (k == "preInstalledSw"sv) target = &m_product.preInstalledSw;
        else if (k == "capacitystatus"sv) target = &m_product.capacityStatus;
        else if (k == "licenseModel"sv) target = &m_product.licenseModel;
        else if (k == "marketoption"sv) target = &m_product.marketOption;
        else if (k == "locationType"sv) target = &m_product.locationType;
        else if (k == "regionCode"sv) target = &m_product.regionCode;
        else if (k == "gpu"sv) target = &m_product.gpu;
        else if (k == "vcpu"sv) target = &m_product.vcpu;
        else if (k == "memory"sv) target = &m_product.memory;
        else if (k == "gpuMemory"sv) target = &m_product.gpuMemory;
        if (target && scalarText)
            target->assign(text);
        break;
    }
    case Ctx::PricePerUnit:
        // One currency per dimension in practice (USD, or CNY in the China partition).
        if (!m_dimension.hasPrice) {
            m_dimension.currency = m_key;
            m_dimension.price.assign(text);
            m_dimension.hasPrice = true;
        }
        break;
    case Ctx::TermAttributes:
        if (m_key == "LeaseContractLength"sv)
            m_term.leaseContractLength.assign(text);
        else if (m_key == "PurchaseOption"sv)
            m_term.purchaseOption.assign(text);
        else if (m_key == "OfferingClass"sv)
            m_term.offeringClass.assign(text);
        break;
    default:
        break;
    }
    return true;
}

bool AwsOfferFileParser::finishProduct()
{
    ++m_productsSeen;
    const ProductFields &p = m_product;
    // Cheapest rejections first: most of a region file is non-GPU or non-Linux products.
    if (p.productFamily != "Compute Instance"sv && p.productFamily != "Compute Instance (bare metal)"sv)
        return true;
    if (p.operatingSystem != "Linux"sv || p.tenancy != "Shared"sv || p.preInstalledSw != "NA"sv
        || p.capacityStatus != "Used"sv)
        return true;
    if (!p.licenseModel.empty() && p.licenseModel != "No License required"sv)
        return true;
    // Capacity Blocks for ML are priced separately (not by the hour on demand).
    if (!p.marketOption.empty() && p.marketOption != "OnDemand"sv)
        return true;
    if (!p.locationType.empty() && p.locationType != "AWS Region"sv)
        return true;

    const QString instanceType = qs(p.instanceType);
    if (instanceType.isEmpty())
        return stop(QStringLiteral("products.%1.attributes.instanceType: missing").arg(qs(p.sku)));
    const std::optional<double> gpuAttr = p.gpu.empty() ? std::optional<double>(0) : parseDouble(p.gpu);
    const QString accelerator = awsFamilyAccelerator(instanceType);
    if ((!gpuAttr || *gpuAttr <= 0) && accelerator.isEmpty())
        return true; // not a GPU or accelerator instance

    const QString file = m_options.fileLabel;
    if (accelerator.isEmpty()) {
        m_batch.exclusions.append(unmappedAccelerator(
            kProvider, file, QStringLiteral("EC2 family '%1' with %2 GPU(s) of %3")
                                 .arg(instanceType.section(u'.', 0, 0), qs(p.gpu), qs(p.gpuMemory)),
            instanceType));
        return true;
    }
    const auto resolved = m_resolver.resolve(accelerator, kProvider, instanceType);
    if (!resolved) {
        m_batch.exclusions.append(unmappedAccelerator(kProvider, file, accelerator, instanceType));
        return true;
    }
    // The shape table (from EC2 DescribeInstanceTypes via SkyPilot) knows fractional and
    // non-GPU accelerator counts that the price list's "gpu" attribute does not carry.
    const InstanceShape *shape = m_shapes.find(kProvider, instanceType);
    double count = shape && shape->count > 0 ? shape->count : gpuAttr.value_or(0);
    if (count <= 0) {
        m_batch.exclusions.append(core::ImportExclusion{kProvider, file, 0, QStringLiteral("row"),
                                                        QStringLiteral("unknown accelerator count"),
                                                        QStringLiteral("%1 (%2)").arg(instanceType, accelerator)});
        return true;
    }
    KeptProduct kept;
    kept.instance.provider = kProvider;
    kept.instance.name = instanceType;
    kept.instance.gpuId = resolved->gpuId;
    kept.instance.gpuCount = count * resolved->fraction;
    kept.instance.vcpus = parseDouble(p.vcpu);
    kept.instance.memoryGib = leadingNumber(p.memory);
    kept.region = p.regionCode.empty() ? m_options.fallbackRegion : qs(p.regionCode);
    if (kept.region.isEmpty())
        return stop(QStringLiteral("products.%1.attributes.regionCode: missing").arg(qs(p.sku)));
    m_kept.insert_or_assign(p.sku, std::move(kept));
    return true;
}

bool AwsOfferFileParser::finishDimension()
{
    if (!m_termProduct)
        return true;
    const QString where = termPath() + QStringLiteral(".priceDimensions.") + qs(m_dimension.key);
    const bool hourly = m_dimension.unit == "Hrs"sv;
    const bool quantity = m_dimension.unit == "Quantity"sv;
    if (!hourly && !quantity)
        return true;
    if (!m_dimension.hasPrice)
        return stop(where + QStringLiteral(".pricePerUnit: missing"));
    const std::optional<double> price = parseDouble(m_dimension.price);
    if (!price || *price < 0)
        return stop(QStringLiteral("%1.pricePerUnit.%2: '%3' is not a price")
                        .arg(where, qs(m_dimension.currency), qs(m_dimension.price)));
    if (!m_term.currency.empty() && m_term.currency != m_dimension.currency)
        return stop(where + QStringLiteral(".pricePerUnit: mixed currencies in one term"));
    m_term.currency = m_dimension.currency;
    if (hourly) {
        m_term.hourly = *price;
        m_term.hasHourly = true;
    } else {
        m_term.upfront = *price;
        m_term.hasUpfront = true;
    }
    return true;
}

bool AwsOfferFileParser::finishTerm()
{
    if (!m_termProduct)
        return true;
    const KeptProduct &product = *m_termProduct;
    if (m_termKind == TermKind::OnDemand) {
        if (!m_term.hasHourly)
            return stop(termPath() + QStringLiteral(".priceDimensions: no dimension with unit 'Hrs'"));
        addOffer(product, core::Billing::OnDemand, m_term.hourly, m_term.currency, 0, QStringLiteral("none"), 0, {});
        return true;
    }
    int months = 0;
    if (m_term.leaseContractLength == "1yr"sv)
        months = 12;
    else if (m_term.leaseContractLength == "3yr"sv)
        months = 36;
    else
        return stop(QStringLiteral("%1.termAttributes.LeaseContractLength: unknown value '%2'")
                        .arg(termPath(), qs(m_term.leaseContractLength)));
    QString upfront;
    if (m_term.purchaseOption == "No Upfront"sv)
        upfront = QStringLiteral("none");
    else if (m_term.purchaseOption == "Partial Upfront"sv)
        upfront = QStringLiteral("partial");
    else if (m_term.purchaseOption == "All Upfront"sv)
        upfront = QStringLiteral("all");
    else
        return stop(QStringLiteral("%1.termAttributes.PurchaseOption: unknown value '%2'")
                        .arg(termPath(), qs(m_term.purchaseOption)));
    const bool convertible = m_term.offeringClass == "convertible"sv;
    if (!convertible && m_term.offeringClass != "standard"sv)
        return stop(QStringLiteral("%1.termAttributes.OfferingClass: unknown value '%2'")
                        .arg(termPath(), qs(m_term.offeringClass)));
    if (upfront != u"none" && !m_term.hasUpfront)
        return stop(termPath() + QStringLiteral(".priceDimensions: no upfront fee (unit 'Quantity') for ")
                    + qs(m_term.purchaseOption));
    // All Upfront terms carry an hourly dimension of 0.0; some older files omit it.
    if (!m_term.hasHourly && upfront != u"all")
        return stop(termPath() + QStringLiteral(".priceDimensions: no dimension with unit 'Hrs'"));
    addOffer(product, core::Billing::Reserved, m_term.hourly, m_term.currency, months, upfront,
             m_term.hasUpfront ? m_term.upfront : 0,
             convertible ? QStringLiteral("convertible") : QStringLiteral("standard"));
    return true;
}

void AwsOfferFileParser::addOffer(const KeptProduct &product, core::Billing billing, double price,
                                  const std::string &currency, int termMonths, const QString &upfront,
                                  double upfrontFee, const QString &offeringClass)
{
    QString source = m_options.sourceName;
    if (!m_publicationDate.empty())
        source += QStringLiteral(" (published %1)").arg(qs(m_publicationDate));
    const QString key = QStringList{product.instance.name, product.region, core::billingId(billing),
                                    QString::number(termMonths), upfront, offeringClass}
                            .join(u'|');
    core::ImportedOffer offer;
    offer.instance = product.instance;
    offer.region = product.region;
    offer.billing = billing;
    offer.price = price;
    offer.currency = qs(currency);
    offer.source = source;
    if (billing == core::Billing::Reserved) {
        // The price list gives a reservation's parts: the hourly dimension ('Hrs') is billed
        // every hour of the term, the 'Quantity' dimension once at its start.
        offer.termMonths = termMonths;
        offer.upfront = upfront;
        offer.offeringClass = offeringClass;
        offer.priceBasis = core::PriceBasis::Recurring;
        offer.upfrontFee = upfrontFee;
        offer.recurringPerHour = price;
    }
    const auto it = m_offerIndex.constFind(key);
    if (it == m_offerIndex.constEnd()) {
        m_offerIndex.insert(key, m_batch.offers.size());
        m_batch.offers.append(offer);
        return;
    }
    // Two SKUs for the same offer (rare: duplicate usage types): keep the cheaper one.
    core::ImportedOffer &existing = m_batch.offers[*it];
    const double hours = termMonths > 0 ? termMonths * 730.0 : 1.0;
    if (price + upfrontFee / hours < existing.price + existing.upfrontFee.value_or(0) / hours)
        existing = offer;
}

} // namespace gpuplanner::net
