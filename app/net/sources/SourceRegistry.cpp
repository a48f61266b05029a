#include "net/sources/SourceRegistry.h"

#include "net/providers/AlibabaEcsSource.h"
#include "net/providers/AlibabaPublicPriceSource.h"
#include "net/providers/AwsPriceListSource.h"
#include "net/providers/AzureChinaPriceSheetSource.h"
#include "net/providers/AzureRetailSource.h"
#include "net/providers/CloudRiftSource.h"
#include "net/providers/DigitalOceanSource.h"
#include "net/providers/HotAisleSource.h"
#include "net/providers/MassedComputeSource.h"
#include "net/providers/OciPriceListSource.h"
#include "net/providers/OvhCloudSource.h"
#include "net/providers/ScalewaySource.h"
#include "net/providers/VultrSource.h"
#include "net/providers/GcpBillingSource.h"
#include "net/providers/InstanceShapes.h"
#include "net/providers/LambdaSource.h"
#include "net/providers/ChinaGpuFamilies.h"
#include "net/providers/RunPodSource.h"
#include "net/providers/HuaweiCloudSource.h"
#include "net/providers/TencentCvmSource.h"
#include "net/providers/VastSource.h"
#include "net/sources/EcbFxSource.h"
#include "net/sources/SkyPilotHostedSource.h"

namespace gpuplanner::net {

using namespace gpuplanner::core;

SourceRegistry::~SourceRegistry() = default;

QStringList SourceRegistry::endpointIds()
{
    return {QStringLiteral("skypilot"), QStringLiteral("ecb"),    QStringLiteral("aws"), QStringLiteral("azure"),
            QStringLiteral("aws-spot-advisor"),
            QStringLiteral("gcp"),      QStringLiteral("lambda"), QStringLiteral("vast"),  QStringLiteral("runpod"),
            QStringLiteral("alicloud"), QStringLiteral("alicloud-public"), QStringLiteral("tencentcloud"),
            QStringLiteral("huaweicloud"), QStringLiteral("vultr"), QStringLiteral("ovhcloud"), QStringLiteral("scaleway"),
            QStringLiteral("cloudrift"), QStringLiteral("oci"), QStringLiteral("digitalocean"), QStringLiteral("hotaisle"),
            QStringLiteral("massedcompute"), QStringLiteral("aws-china"), QStringLiteral("azure-china")};
}

QHash<QString, QString> SourceRegistry::nativeProviders()
{
    return {{QStringLiteral("aws"), QString()},
            {QStringLiteral("azure"), QString()},
            {QStringLiteral("gcp"), QStringLiteral("GPUPLANNER_GCP_API_KEY")},
            {QStringLiteral("lambda"), QStringLiteral("GPUPLANNER_LAMBDA_API_KEY")},
            {QStringLiteral("runpod"), QStringLiteral("GPUPLANNER_RUNPOD_API_KEY")},
            {QStringLiteral("vast"), QString()},
            {QStringLiteral("alicloud"), QString()}, // the public price file needs no account
            {QStringLiteral("tencentcloud"), QStringLiteral("GPUPLANNER_TENCENT_SECRET_ID")},
            {QStringLiteral("huaweicloud"), QStringLiteral("GPUPLANNER_HUAWEI_AK")},
            // Issue 45: price lists published without an account ...
            {QStringLiteral("vultr"), QString()},
            {QStringLiteral("ovhcloud"), QString()},
            {QStringLiteral("scaleway"), QString()},
            {QStringLiteral("cloudrift"), QString()},
            {QStringLiteral("oci"), QString()},
            // ... and the GPU clouds whose price API takes the user's token.
            {QStringLiteral("digitalocean"), QStringLiteral("GPUPLANNER_DIGITALOCEAN_API_KEY")},
            {QStringLiteral("hotaisle"), QStringLiteral("GPUPLANNER_HOTAISLE_API_KEY")},
            {QStringLiteral("massedcompute"), QStringLiteral("GPUPLANNER_MASSEDCOMPUTE_API_KEY")}};
}

QHash<QString, QStringList> SourceRegistry::credentialVariables()
{
    return {{QStringLiteral("alicloud"),
             {QStringLiteral("GPUPLANNER_ALIBABA_ACCESS_KEY_ID"), QStringLiteral("GPUPLANNER_ALIBABA_ACCESS_KEY_SECRET")}},
            {QStringLiteral("tencentcloud"),
             {QStringLiteral("GPUPLANNER_TENCENT_SECRET_ID"), QStringLiteral("GPUPLANNER_TENCENT_SECRET_KEY")}},
            {QStringLiteral("huaweicloud"),
             {QStringLiteral("GPUPLANNER_HUAWEI_AK"), QStringLiteral("GPUPLANNER_HUAWEI_SK"),
              QStringLiteral("GPUPLANNER_HUAWEI_PROJECT_ID"), QStringLiteral("GPUPLANNER_HUAWEI_DOMAIN_ID")}}};
}

namespace {

// All of provider's credential parts, or nothing when one is missing.
QStringList credentialsFor(const SourceSettings &settings, const QString &provider)
{
    QStringList values;
    for (const QString &variable : SourceRegistry::credentialVariables().value(provider)) {
        const QString value = settings.credentials.value(variable).trimmed();
        if (value.isEmpty())
            return {};
        values.append(value);
    }
    return values;
}

} // namespace

Result<std::unique_ptr<SourceRegistry>> SourceRegistry::create(const SourceSettings &settings,
                                                                const SeedMetadata &reference)
{
    std::unique_ptr<SourceRegistry> registry(new SourceRegistry);
    registry->m_settings = settings;
    auto endpoint = [&](const char *id, const QUrl &fallback) {
        return settings.endpoints.value(QLatin1String(id), fallback);
    };
    auto own = [&](std::unique_ptr<PriceSource> source) {
        PriceSource *raw = source.get();
        registry->m_owned.push_back(std::move(source));
        return raw;
    };
    registry->m_skypilot = own(std::make_unique<SkyPilotHostedSource>(
        endpoint("skypilot", SkyPilotHostedSource::defaultBaseUrl()), reference));
    registry->m_ecb = own(std::make_unique<EcbFxSource>(endpoint("ecb", EcbFxSource::defaultUrl())));

    if (settings.preference != SourcePreference::SkyPilot) {
        auto shapes = InstanceShapes::loadEmbedded();
        if (!shapes)
            return shapes.error();
        const GpuAliasResolver resolver = reference.resolver();
        if (settings.preference == SourcePreference::Native) {
            auto aws = std::make_unique<AwsPriceListSource>(endpoint("aws", AwsPriceListSource::defaultBaseUrl()), resolver,
                                                            shapes.value());
            aws->setSpotAdvisorUrl(endpoint("aws-spot-advisor", awsSpotAdvisorDefaultUrl()));
            aws->setChinaBaseUrl(endpoint("aws-china", AwsPriceListSource::chinaDefaultBaseUrl()));
            registry->m_native.insert(QStringLiteral("aws"), own(std::move(aws)));
            auto azure = std::make_unique<AzureRetailSource>(endpoint("azure", AzureRetailSource::defaultBaseUrl()), resolver,
                                                             shapes.value());
            azure->setChinaBaseUrl(endpoint("azure-china", AzureChinaPriceSheet::defaultBaseUrl()));
            registry->m_native.insert(QStringLiteral("azure"), own(std::move(azure)));
            registry->m_native.insert(QStringLiteral("vast"),
                                      own(std::make_unique<VastSource>(endpoint("vast", VastSource::defaultBaseUrl()),
                                                                       settings.apiKeys.value(QStringLiteral("vast")), resolver)));
            registry->m_native.insert(QStringLiteral("vultr"), own(std::make_unique<VultrSource>(
                                                                   endpoint("vultr", VultrSource::defaultBaseUrl()), QString(), reference)));
            registry->m_native.insert(QStringLiteral("ovhcloud"),
                                      own(std::make_unique<OvhCloudSource>(endpoint("ovhcloud", OvhCloudSource::defaultBaseUrl()),
                                                                           QString(), reference)));
            registry->m_native.insert(QStringLiteral("scaleway"),
                                      own(std::make_unique<ScalewaySource>(endpoint("scaleway", ScalewaySource::defaultBaseUrl()),
                                                                           QString(), reference)));
            registry->m_native.insert(QStringLiteral("cloudrift"),
                                      own(std::make_unique<CloudRiftSource>(
                                          endpoint("cloudrift", CloudRiftSource::defaultBaseUrl()), QString(), reference)));
            registry->m_native.insert(QStringLiteral("oci"),
                                      own(std::make_unique<OciPriceListSource>(
                                          endpoint("oci", OciPriceListSource::defaultBaseUrl()), QString(), reference)));
        }
        // Keyed GPU clouds: registered only with the user's key (from the keychain or environment).
        auto keyed = [&](const char *provider, auto make) {
            if (const QString key = settings.apiKeys.value(QLatin1String(provider)); !key.isEmpty())
                registry->m_native.insert(QLatin1String(provider), own(make(key)));
        };
        keyed("digitalocean", [&](const QString &key) {
            return std::make_unique<DigitalOceanSource>(endpoint("digitalocean", DigitalOceanSource::defaultBaseUrl()), key,
                                                        reference);
        });
        keyed("hotaisle", [&](const QString &key) {
            return std::make_unique<HotAisleSource>(endpoint("hotaisle", HotAisleSource::defaultBaseUrl()), key, reference);
        });
        keyed("massedcompute", [&](const QString &key) {
            return std::make_unique<MassedComputeSource>(endpoint("massedcompute", MassedComputeSource::defaultBaseUrl()),
                                                         key, reference);
        });
        if (const QString key = settings.apiKeys.value(QStringLiteral("gcp")); !key.isEmpty()) {
            registry->m_native.insert(QStringLiteral("gcp"),
                                      own(std::make_unique<GcpBillingSource>(
                                          endpoint("gcp", GcpBillingSource::defaultBaseUrl()), key, reference, shapes.value())));
        }
        if (const QString key = settings.apiKeys.value(QStringLiteral("runpod")); !key.isEmpty()) {
            registry->m_native.insert(QStringLiteral("runpod"),
                                      own(std::make_unique<RunPodSource>(endpoint("runpod", RunPodSource::defaultBaseUrl()),
                                                                         key, resolver)));
        }
        auto families = ChinaGpuFamilies::loadEmbedded();
        if (!families)
            return families.error();
        if (const QStringList c = credentialsFor(settings, QStringLiteral("tencentcloud")); !c.isEmpty()) {
            registry->m_native.insert(QStringLiteral("tencentcloud"),
                                      own(std::make_unique<TencentCvmSource>(
                                          endpoint("tencentcloud", TencentCvmSource::defaultBaseUrl()), c.at(0), c.at(1),
                                          families.value(), resolver)));
        }
        if (const QStringList c = credentialsFor(settings, QStringLiteral("alicloud")); !c.isEmpty()) {
            registry->m_native.insert(QStringLiteral("alicloud"),
                                      own(std::make_unique<AlibabaEcsSource>(settings.endpoints.value(QStringLiteral("alicloud")),
                                                                             c.at(0), c.at(1), resolver)));
        } else if (settings.preference == SourcePreference::Native) {
            // No account: Alibaba's published price file (pay-as-you-go and subscriptions, USD).
            registry->m_native.insert(QStringLiteral("alicloud"),
                                      own(std::make_unique<AlibabaPublicPriceSource>(
                                          endpoint("alicloud-public", AlibabaPublicPriceSource::defaultUrl()))));
        }
        if (const QStringList c = credentialsFor(settings, QStringLiteral("huaweicloud")); !c.isEmpty()) {
            registry->m_native.insert(QStringLiteral("huaweicloud"),
                                      own(std::make_unique<HuaweiCloudSource>(
                                          settings.endpoints.value(QStringLiteral("huaweicloud")),
                                          HuaweiCredentials{c.at(0), c.at(1), c.at(2), c.at(3)}, families.value(), resolver)));
        }
        if (const QString key = settings.apiKeys.value(QStringLiteral("lambda")); !key.isEmpty()) {
            registry->m_native.insert(QStringLiteral("lambda"),
                                      own(std::make_unique<LambdaSource>(endpoint("lambda", LambdaSource::defaultBaseUrl()),
                                                                         key, resolver)));
        }
    }
    return registry;
}

PriceSource *SourceRegistry::sourceFor(const QString &provider) const
{
    if (provider == EcbFxSource::providerId())
        return m_ecb;
    if (PriceSource *native = m_native.value(provider))
        return native;
    return m_skypilot->providers().contains(provider) ? m_skypilot : nullptr;
}

Result<QList<RefreshJob>> SourceRegistry::jobs(const QStringList &wanted) const
{
    QList<RefreshJob> jobs;
    if (wanted.isEmpty()) {
        QStringList providers = m_skypilot->providers();
        for (const QString &p : m_native.keys()) {
            if (!providers.contains(p))
                providers.append(p);
        }
        for (const QString &p : providers)
            jobs.append(RefreshJob{sourceFor(p), p});
        jobs.append(RefreshJob{m_ecb, EcbFxSource::providerId()});
        return jobs;
    }
    for (const QString &p : wanted) {
        const QString keyVariable = nativeProviders().value(p);
        if (m_settings.preference == SourcePreference::Native && !keyVariable.isEmpty() && !m_native.contains(p)) {
            const QStringList parts = credentialVariables().value(p);
            if (!parts.isEmpty()) {
                QStringList missing;
                for (const QString &v : parts) {
                    if (m_settings.credentials.value(v).trimmed().isEmpty())
                        missing.append(v);
                }
                return Error{QStringLiteral("provider '%1': its price API needs credentials; set %2 (or store them in "
                                            "the app's settings)")
                                 .arg(p, missing.join(QStringLiteral(", ")))};
            }
            return Error{QStringLiteral("provider '%1': its price API needs an API key; set %2 (or store it in the "
                                        "app's settings)")
                             .arg(p, keyVariable)};
        }
        PriceSource *source = sourceFor(p);
        if (!source && nativeProviders().contains(p)) {
            if (m_settings.preference == SourcePreference::WithCredentials && !keyVariable.isEmpty())
                return Error{QStringLiteral("provider '%1' is not in SkyPilot's hosted catalog; store its credentials "
                                            "in Settings ▸ API keys to refresh it from its own price API")
                                 .arg(p)};
            return Error{QStringLiteral("provider '%1' is not in SkyPilot's hosted catalog; refresh it from its own "
                                        "price API with --source native")
                             .arg(p)};
        }
        if (!source) {
            QStringList known = m_skypilot->providers() + QStringList{EcbFxSource::providerId()};
            return Error{QStringLiteral("provider '%1' has no refresh source; known: %2")
                             .arg(p, known.join(QStringLiteral(", ")))};
        }
        jobs.append(RefreshJob{source, p});
    }
    return jobs;
}

} // namespace gpuplanner::net
