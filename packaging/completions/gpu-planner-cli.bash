# bash completion for gpu-planner-cli: commands, their options, GPU ids (from the catalog),
# provider ids, and the values of the options that take a fixed set.
_gpu_planner_cli()
{
    local cur prev words cword
    _init_completion || return

    local commands="gpus offers catalog refresh estimate plan timeline report probe calibrate actuals"
    local command="" i
    for ((i = 1; i < cword; i++)); do
        case "${words[i]}" in
            --catalog) ((i++)) ;;
            -*) ;;
            *) command="${words[i]}"; break ;;
        esac
    done

    case "$prev" in
        --catalog|--from|--ca-bundle|-o|--output|--scenario|--benchmark)
            _filedir; return ;;
        --gpu|--measured-gpu)
            COMPREPLY=($(compgen -W "$(gpu-planner-cli gpus --format csv 2>/dev/null | tail -n +2 | cut -d, -f1)" -- "$cur"))
            return ;;
        --provider)
            COMPREPLY=($(compgen -W "aws azure gcp alicloud tencentcloud huaweicloud lambda runpod vast nebius oci cudo fluidstack hyperbolic hyperstack ibm jarvislabs lium mithril primeintellect seeweb shadeform verda ecb" -- "${cur##*,}"))
            return ;;
        --billing) COMPREPLY=($(compgen -W "on_demand spot reserved savings_plan capacity_block" -- "$cur")); return ;;
        --upfront) COMPREPLY=($(compgen -W "none partial all" -- "$cur")); return ;;
        --sort)
            if [[ $command == plan ]]; then COMPREPLY=($(compgen -W "cost time risk" -- "$cur"))
            else COMPREPLY=($(compgen -W "price price_per_gpu gpu_memory" -- "$cur")); fi
            return ;;
        --format) COMPREPLY=($(compgen -W "table csv json" -- "$cur")); return ;;
        --source) COMPREPLY=($(compgen -W "skypilot native" -- "$cur")); return ;;
        --lang) COMPREPLY=($(compgen -W "en zh_CN" -- "$cur")); return ;;
        --page-size) COMPREPLY=($(compgen -W "A4 Letter" -- "$cur")); return ;;
        --task) COMPREPLY=($(compgen -W "pretrain finetune lora qlora vision inference measured" -- "$cur")); return ;;
        --precision) COMPREPLY=($(compgen -W "fp32 tf32 bf16 fp16 fp8" -- "$cur")); return ;;
        --weights) COMPREPLY=($(compgen -W "bf16 fp8 int8 int4" -- "$cur")); return ;;
        --kv-cache) COMPREPLY=($(compgen -W "bf16 fp8 int8" -- "$cur")); return ;;
        --endpoint) COMPREPLY=($(compgen -W "skypilot= ecb= aws= azure= gcp= lambda= vast= runpod= alicloud= alicloud-public= tencentcloud= huaweicloud=" -- "$cur")); compopt -o nospace; return ;;
    esac

    if [[ -z $command ]]; then
        COMPREPLY=($(compgen -W "$commands --catalog --help --version" -- "$cur"))
        return
    fi
    local opts="--help --catalog"
    case "$command" in
        gpus) opts+=" --vendor --min-memory --format" ;;
        offers) opts+=" --gpu --min-gpus --provider --region --geography --billing --term --upfront --include-suspect --max-price --min-gpu-memory --sort --limit --format" ;;
        catalog)
            if [[ $cword -eq $((i + 1)) ]]; then COMPREPLY=($(compgen -W "info check history export" -- "$cur")); return; fi
            opts+=" --format --instance --region --strict" ;;
        refresh) opts+=" --provider --region --from --endpoint --source --force --ca-bundle --proxy --wait" ;;
        estimate) opts+=" --calibration --no-calibration --scenario --task --model --params --active-params --layers --hidden --heads --kv-heads --ffn --gated-mlp --vocab --seq-len --tokens --epochs --samples --flops-per-sample --batch --micro-batch --precision --optimizer --recompute --zero --lora-rank --lora-targets --weights --kv-cache --prompt-tokens --output-tokens --rps --tokens-per-second --ttft --tpot --measured-throughput --measured-gpu --measured-gpus --bound --items --item-unit --gpu --gpus --gpus-per-instance --interconnect --network --network-gbps --deadline --mfu --goodput --batch-tokens --experts --experts-per-token --expert-overlap --stack --failure-handling --first-run --spare-capacity --tp --engine --engine-efficiency --max-batch --failure-rate --restart-minutes --checkpoint-gbps --checkpoint-every --eval-share --slowdown-share --startup-minutes --vcpus --host-memory --gpu-decode --format" ;;
        plan) opts+=" --format --top --sort" ;;
        timeline) opts+=" --format --strategy --no-actuals" ;;
        report) opts+=" -o --output --top --lang --page-size --author --benchmark" ;;
        probe) opts+=" --script" ;;
        calibrate)
            if [[ $cword -eq $((i + 1)) ]]; then COMPREPLY=($(compgen -W "import list remove" -- "$cur")); return; fi
            opts+=" --gpu --format" ;;
        actuals)
            if [[ $cword -eq $((i + 1)) ]]; then COMPREPLY=($(compgen -W "import list remove usage reprice recommend" -- "$cur")); return; fi
            opts+=" --format --project --scenario --id --bill-format --provider --region --geography --growth --shortfall --months --start --any-geography --write-portfolio" ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
    elif [[ $command == plan || $command == timeline || $command == report ]]; then
        _filedir '@(gpuplan|json)'
    elif [[ $command == calibrate ]]; then
        _filedir json
    elif [[ $command == actuals ]]; then
        _filedir '@(csv|json|ndjson)'
    fi
}
complete -F _gpu_planner_cli gpu-planner-cli
