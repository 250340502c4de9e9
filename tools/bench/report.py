"""The benchmark's report: the figures of one run as text."""

from __future__ import annotations


def _describe_db(url: str) -> str:
    return (
        "PostgreSQL"
        if url.startswith(("postgres", "postgresql"))
        else ("SQLite" if url.startswith("sqlite") else url.split(":", 1)[0])
    )


def format_report(result: dict, header: str) -> str:
    """The report, its lines in the order they are printed: long because it is one per figure."""

    def ms(d: dict | None, a: str = "p50", b: str = "p99") -> str:
        if not d or d.get(a) is None:
            return "n/a"
        return f"p50 {d[a]:.1f} ms   p99 {d[b]:.1f} ms"

    def cpu(d: dict | None) -> str:
        if not d:
            return ""
        parts = []
        if d.get("server_cpu_percent") is not None:
            parts.append(f"servers {d['server_cpu_percent']}%")
        if d.get("services_cpu_percent") is not None:
            parts.append(f"PostgreSQL/Redis {d['services_cpu_percent']}%")
        parts.append(f"load generator {d['loadgen_cpu_percent']}%")
        if d.get("other_cpu_percent") is not None:
            parts.append(f"other processes {d['other_cpu_percent']}%")
        return "CPU (% of one core): " + ", ".join(parts)

    def wire(phase: dict) -> list[str]:
        v = phase.get("view_delivery_ms")
        if not v:
            return []
        cpu_ms = phase.get("server_cpu_ms_per_move")
        per_move = [] if cpu_ms is None else [f"    server CPU per move    {cpu_ms:.1f} ms"]
        return [
            *per_move,
            f"    view delivery          {ms(v, 'p50_ms', 'p99_ms')}   (every phone holds "
            f"its view as of the action; {v['undelivered']} undelivered)",
            f"    requests per move      {phase['requests_per_move']} (phones' view GETs "
            f"{phase['view_gets_per_move']})",
            f"    bytes per move         {phase['stream_bytes_per_move']} streamed, "
            f"{phase['response_bytes_per_move']} in answers",
        ]

    lines = [header]
    streams = result.get("streams", {})
    lines.append(
        f"  open streams held        {streams.get('held_at_end')} of "
        f"{streams.get('target')} (fewest during the run: "
        f"{streams.get('min_during_run')})"
    )
    if streams.get("idle_cpu"):
        lines.append(f"    streams open, no play  {cpu(streams['idle_cpu'])}")
    memory = result.get("memory")
    if memory:
        lines.append(
            f"  memory per open stream   {memory['per_stream_kib']} KiB (servers' RSS "
            f"{memory['rss_before_mib']} → {memory['rss_after_mib']} MiB)"
        )
    paced = result.get("paced")
    if paced:
        lines.append(
            f"  paced                    {paced['actions_per_s']} actions/s (target "
            f"{paced['target_rate']}) over {paced['seconds']} s, {paced['actions']} "
            f"actions"
        )
        lines.append(f"    {cpu(paced.get('cpu'))}")
        lines.append(f"    action latency         {ms(paced['action_ms'])}")
        d = paced["delivery_ms"]
        lines.append(
            f"    delivery latency       {ms(d, 'p50_ms', 'p99_ms')}   (to every phone "
            f"of the table; {d['undelivered']} undelivered)"
        )
        lines.extend(wire(paced))
    saturated = result.get("saturated")
    if saturated:
        lines.append(
            f"  saturated                {saturated['actions_per_s']} actions/s with "
            f"{saturated['concurrency']} tables back to back"
        )
        lines.append(f"    {cpu(saturated.get('cpu'))}")
        lines.append(f"    action latency         {ms(saturated['action_ms'])}")
        d = saturated["delivery_ms"]
        lines.append(
            f"    delivery latency       {ms(d, 'p50_ms', 'p99_ms')}   "
            f"({d['undelivered']} undelivered)"
        )
        lines.extend(wire(saturated))
    floor = result.get("floor")
    if floor:
        lines.append(
            f"  framework floor          {floor['requests_per_s']} requests/s "
            f"({floor['endpoint']}, {floor['concurrency']} concurrent)"
        )
        lines.append(f"    {cpu(floor.get('cpu'))}")
    if "ratio_actions_to_floor" in result:
        lines.append(f"  actions/s ÷ floor        {result['ratio_actions_to_floor']}")
    errors = result.get("errors") or {}
    lines.append(
        "  errors                   "
        + (", ".join(f"{k}: {v}" for k, v in sorted(errors.items())) if errors else "none")
    )
    return "\n".join(lines)
